import { ApiError } from 'shared-api';

/** How many times a sign-in answered "busy" is sent again before the person is told. */
export const BUSY_RETRIES = 2;
/** A wait longer than this is a budget, not a busy moment: the person is told at once. */
const BUSY_WAIT_LIMIT_SECONDS = 3;

/**
 * How long to wait before sending a sign-in again, or null to show the refusal. The service checks
 * one sign-in at a time per address and answers the next one 429 with a Retry-After of a couple of
 * seconds (two tenants on the building's Wi-Fi tapping Entrar together): that is no one's fault, and
 * the form waits and tries again by itself. An address over its minute's budget is told no wait
 * and sees the refusal. (The service's wait is BUSY_RETRY_SECONDS in functions' hash-slots.ts, 2 s;
 * the gateway's own per-minute limit says what is left of its minute, which near its end is short
 * enough to be tried again too: by then the minute has turned.)
 */
export function busyRetryDelayMs(error: unknown, retriesDone: number): number | null {
  if (retriesDone >= BUSY_RETRIES) return null;
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const wait = error.retryAfterSeconds;
  if (wait === undefined || wait > BUSY_WAIT_LIMIT_SECONDS) return null;
  return wait * 1000;
}
