import type { Logger } from 'pino';
import type { Outbox } from './adapters/outbox';
import type { FunctionsConfig } from './config';
import type { Database } from './db';

/** What every function handler may use; built once at start-up. */
export interface FunctionContext {
  db: Database;
  config: FunctionsConfig;
  log: Logger;
  outbox: Outbox;
}
