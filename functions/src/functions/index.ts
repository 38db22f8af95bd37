import type { FunctionsConfig } from '../config';
import type { FunctionDefinition } from '../router';
import { abridorFunction } from './abridor';
import { outboxFunction } from './outbox';
import { productsFunction } from './products';
import { registrationHandlerFunction } from './registration-handler';
import { sendWaitlistEmailFunction } from './send-waitlist-email';
import { getRegistrationGlobalStatusFunction, isSessionValidFunction } from './session';
import { uploadDocumentFunction } from './upload-document';

/** Every function the service serves. Each slice adds its own folder here. */
export function functionDefinitions(config: Pick<FunctionsConfig, 'exposeOutbox'>): FunctionDefinition[] {
  return [
    productsFunction,
    sendWaitlistEmailFunction,
    abridorFunction,
    registrationHandlerFunction,
    uploadDocumentFunction,
    isSessionValidFunction,
    getRegistrationGlobalStatusFunction,
    ...(config.exposeOutbox ? [outboxFunction] : []),
  ];
}
