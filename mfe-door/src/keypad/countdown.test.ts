import { secondsLeft } from 'shared-ui/countdown';
import { describe, expect, it } from 'vitest';
import { clockOffset, LOCKOUT_MS, lockoutDeadline } from './countdown';

const at = (time: string) => Date.parse(`2026-03-02T${time}Z`);
const header = (time: string) => new Date(at(time)).toUTCString();

describe('clock offset from a Date header', () => {
  it('is the server clock minus the device clock, at the start of the header’s second (the least it can be)', () => {
    expect(clockOffset({ dateHeader: header('10:00:09'), receivedAt: at('10:00:00') })).toBe(9_000);
    expect(clockOffset({ dateHeader: header('09:59:40'), receivedAt: at('10:00:00') })).toBe(-20_000);
  });

  it('is 0 without a usable header', () => {
    expect(clockOffset({ dateHeader: null, receivedAt: at('10:00:00') })).toBe(0);
    expect(clockOffset({ dateHeader: 'yesterday', receivedAt: at('10:00:00') })).toBe(0);
  });
});

describe('lockout deadline on the device clock', () => {
  it('shows 15 s, not 24, on a phone 9 s behind the server', () => {
    const receivedAt = at('10:00:00');
    const deadline = lockoutDeadline(new Date(at('10:00:24')).toISOString(), {
      dateHeader: header('10:00:09'),
      receivedAt,
    });
    expect(secondsLeft(deadline, receivedAt)).toBe(15);
  });

  it('shows 15 s, not 0, on a phone 20 s ahead of the server', () => {
    const receivedAt = at('10:00:00');
    const deadline = lockoutDeadline(new Date(at('09:59:55')).toISOString(), {
      dateHeader: header('09:59:40'),
      receivedAt,
    });
    expect(secondsLeft(deadline, receivedAt)).toBe(15);
  });

  it('never ends before the server’s lockout, and under a second after it, wherever in its second the header was written', () => {
    // The phone runs 9 s behind; the lockout began `before` ms before the server answered, m ms
    // into a second that its header drops, and the answer took `transit` ms to arrive.
    for (const before of [0, 40, 400])
      for (const transit of [0, 150])
        for (let m = 0; m < 1_000; m += 37) {
          const serverSent = at('10:00:09') + m;
          const receivedAt = serverSent - 9_000 + transit;
          const lockedUntil = new Date(serverSent - before + LOCKOUT_MS).toISOString();
          const deadline = lockoutDeadline(lockedUntil, { dateHeader: new Date(serverSent).toUTCString(), receivedAt });
          const realEnd = serverSent - before + LOCKOUT_MS - 9_000;
          expect(deadline).toBeGreaterThanOrEqual(realEnd);
          expect(deadline).toBeLessThan(realEnd + 1_000 + transit);
          expect(secondsLeft(deadline, receivedAt)).toBeLessThanOrEqual(15);
        }
  });

  it('never shows more than the spec’s 15 s, even without a Date header', () => {
    const receivedAt = at('10:00:00');
    const deadline = lockoutDeadline(new Date(at('10:00:24')).toISOString(), { dateHeader: null, receivedAt });
    expect(deadline).toBe(receivedAt + LOCKOUT_MS);
    expect(secondsLeft(deadline, receivedAt)).toBe(15);
  });

  it('is null for an unreadable time, and over for a past one', () => {
    expect(lockoutDeadline('soon', { dateHeader: null, receivedAt: 0 })).toBeNull();
    const receivedAt = at('10:00:00');
    const deadline = lockoutDeadline(new Date(at('10:00:05')).toISOString(), {
      dateHeader: header('10:00:09'),
      receivedAt,
    });
    expect(secondsLeft(deadline, receivedAt)).toBe(0);
  });
});
