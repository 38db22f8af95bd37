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
 * How far the server's clock is at least ahead of this device's (ms; negative when behind). The
 * Date header drops the milliseconds: the server's clock had reached the start of that second, and
 * maybe most of it. The least is taken so that the keypad never comes back before the server's
 * lockout has ended (a PIN typed then would be refused as blocked): the countdown errs late, by
 * under a second. 0 without a usable header: then only the device's clock is left.
 */
export function clockOffset({ dateHeader, receivedAt }: ServerClock): number {
  const date = dateHeader ? Date.parse(dateHeader) : Number.NaN;
  return Number.isFinite(date) ? date - receivedAt : 0;
}

/**
 * When the lockout ends on this device's clock, or null for an unreadable time. Never later than
 * 15 s after the answer arrived (the lockout began before the answer was sent): that bounds the Date
 * header's rounding and a missing header alike, and is never before the server's end either.
 */
export function lockoutDeadline(lockedUntil: string, clock: ServerClock): number | null {
  const until = Date.parse(lockedUntil);
  if (!Number.isFinite(until)) return null;
  return Math.min(until - clockOffset(clock), clock.receivedAt + LOCKOUT_MS);
}
