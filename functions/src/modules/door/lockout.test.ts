import { describe, expect, it } from 'vitest';
import { afterWrongPin, isLocked, LOCKOUT_MS, secondsLeft } from './lockout';

const t0 = new Date('2026-01-01T10:00:00Z');

describe('PIN lockout', () => {
  it('counts two failures, locks on the third for 15 s and resets the count', () => {
    let state = { failures: 0, lockedUntil: null as Date | null };
    const first = afterWrongPin(state, t0);
    expect(first).toMatchObject({ failures: 1, attemptsLeft: 2, lockedUntil: null });
    state = afterWrongPin(first, t0);
    expect(state).toMatchObject({ failures: 2, attemptsLeft: 1 });
    const third = afterWrongPin(state, t0);
    expect(third.failures).toBe(0);
    expect(third.lockedUntil?.getTime()).toBe(t0.getTime() + LOCKOUT_MS);
    expect(isLocked(third, new Date(t0.getTime() + 14_999))).toBe(true);
    expect(isLocked(third, new Date(t0.getTime() + 15_000))).toBe(false);
  });

  it('counts the seconds left, rounding up', () => {
    expect(secondsLeft(new Date(t0.getTime() + 15_000), t0)).toBe(15);
    expect(secondsLeft(new Date(t0.getTime() + 1_200), t0)).toBe(2);
  });
});
