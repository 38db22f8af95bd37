/**
 * The lockout countdown's arithmetic, apart from timers and React. The server says when the lockout
 * ends on its own clock (`lockedUntil`); the phone's clock may be seconds off, so the end is moved
 * onto the phone's clock with the offset measured on that same response's Date header.
 */

/** Spec §4, §9: three failures lock the PIN for 15 s. No clock arithmetic may show more. */
export const LOCKOUT_MS = 15_000;

/** What the phone knows about the server's clock from one response. */
export interface ServerClock {
  /** The response's Date header (whole seconds), when it had one. */
  dateHeader: string | null;
  /** This device's clock when the response arrived. */
  receivedAt: number;
}

/**
 * How far the server's clock is ahead of this device's (ms; negative when behind). The Date header
 * drops the milliseconds, so the middle of its second is the best guess (±0.5 s). 0 without a
 * usable header: then only the device's clock is left.
 */
export function clockOffset({ dateHeader, receivedAt }: ServerClock): number {
  const date = dateHeader ? Date.parse(dateHeader) : Number.NaN;
  return Number.isFinite(date) ? date + 500 - receivedAt : 0;
}

/**
 * When the lockout ends on this device's clock, or null for an unreadable time. Never later than
 * 15 s after the answer arrived: that bounds the Date header's rounding and a missing header alike.
 */
export function lockoutDeadline(lockedUntil: string, clock: ServerClock): number | null {
  const until = Date.parse(lockedUntil);
  if (!Number.isFinite(until)) return null;
  return Math.min(until - clockOffset(clock), clock.receivedAt + LOCKOUT_MS);
}

/** Whole seconds to show at `now` (rounded up: "1" until the very end); 0 once it is over. */
export function secondsLeft(deadline: number | null, now: number): number {
  return deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
}

/**
 * Milliseconds from `now` until the shown number next changes, or null once it is over. Ticking
 * on those boundaries (not every 1000 ms from whenever) shows each second for a whole second.
 */
export function msToNextTick(deadline: number, now: number): number | null {
  const left = deadline - now;
  if (left <= 0) return null;
  return left % 1000 || 1000;
}
