import type { FunctionsConfig } from '../config';
import type { FunctionDefinition } from '../router';
import { outboxFunction } from './outbox';
import { productsFunction } from './products';
import { sendWaitlistEmailFunction } from './send-waitlist-email';

/** Every function the service serves. Each slice adds its own folder here. */
export function functionDefinitions(config: Pick<FunctionsConfig, 'exposeOutbox'>): FunctionDefinition[] {
  return [productsFunction, sendWaitlistEmailFunction, ...(config.exposeOutbox ? [outboxFunction] : [])];
}
