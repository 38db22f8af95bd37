/** Failed-PIN rule (spec §4, §9): the third failure locks the keypad for 15 s and resets the count. */
const MAX_PIN_FAILURES = 3;
export const LOCKOUT_MS = 15_000;

export interface PinFailureState {
  failures: number;
  lockedUntil: Date | null;
}

export function isLocked(state: PinFailureState, now: Date): boolean {
  return state.lockedUntil !== null && state.lockedUntil.getTime() > now.getTime();
}

export function afterWrongPin(state: PinFailureState, now: Date): PinFailureState & { attemptsLeft: number } {
  const failures = state.failures + 1;
  if (failures >= MAX_PIN_FAILURES) {
    return { failures: 0, lockedUntil: new Date(now.getTime() + LOCKOUT_MS), attemptsLeft: 0 };
  }
  return { failures, lockedUntil: null, attemptsLeft: MAX_PIN_FAILURES - failures };
}

export function secondsLeft(lockedUntil: Date, now: Date): number {
  return Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
}
