import type { FunctionsConfig } from '../config';
import type { FunctionDefinition } from '../router';
import { abridorFunction } from './abridor';
import { outboxFunction } from './outbox';
import { productsFunction } from './products';
import { sendWaitlistEmailFunction } from './send-waitlist-email';

/** Every function the service serves. Each slice adds its own folder here. */
export function functionDefinitions(config: Pick<FunctionsConfig, 'exposeOutbox'>): FunctionDefinition[] {
  return [
    productsFunction,
    sendWaitlistEmailFunction,
    abridorFunction,
    ...(config.exposeOutbox ? [outboxFunction] : []),
  ];
}
