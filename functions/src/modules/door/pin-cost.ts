import type { FunctionsConfig } from '../../config';

/** PINs hash cheaper than passwords by default (see DOOR_PIN_HASH_COST_LOG2): 2^14, 16 MiB. */
const PIN_COST_LOG2 = 14;

/** The scrypt cost (log2 N) of a new PIN hash. */
export const pinHashCost = (config: Pick<FunctionsConfig, 'DOOR_PIN_HASH_COST_LOG2' | 'DOOR_HASH_COST_LOG2'>) =>
  config.DOOR_PIN_HASH_COST_LOG2 ?? Math.min(PIN_COST_LOG2, config.DOOR_HASH_COST_LOG2);
