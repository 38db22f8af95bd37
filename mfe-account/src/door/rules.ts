import { PIN_PATTERN } from 'shared-api';

/** What is wrong with a PIN change before asking the server, or null: the keypad's 4-digit rule. */
export function pinChangeProblem(current: string, next: string, repeat: string): 'format' | 'mismatch' | 'same' | null {
  if (!PIN_PATTERN.test(current) || !PIN_PATTERN.test(next)) return 'format';
  if (next !== repeat) return 'mismatch';
  return next === current ? 'same' : null;
}

const ACTIONS = ['ENTRADA', 'SALIDA', 'change_pin', 'magic_link', 'login'] as const;
const RESULTS = ['ok', 'wrong_pin', 'locked', 'suspended', 'relay_failed', 'failed'] as const;

/** A line of the door's log as the tenant's texts name it (an unknown kind as "other", never raw). */
export function doorLogKeys(entry: { action: string; result: string }) {
  const action = (ACTIONS as readonly string[]).includes(entry.action)
    ? (entry.action as (typeof ACTIONS)[number])
    : 'other';
  const result = (RESULTS as readonly string[]).includes(entry.result)
    ? (entry.result as (typeof RESULTS)[number])
    : 'other';
  return { action, result } as const;
}
