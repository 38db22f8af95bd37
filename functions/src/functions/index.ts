import type { FunctionsConfig } from '../config';
import type { FunctionDefinition } from '../router';
import { outboxFunction } from './outbox';

/** Every function the service serves. Each slice adds its own folder here. */
export function functionDefinitions(config: Pick<FunctionsConfig, 'exposeOutbox'>): FunctionDefinition[] {
  return [...(config.exposeOutbox ? [outboxFunction] : [])];
}
