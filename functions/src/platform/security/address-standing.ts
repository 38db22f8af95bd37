import type { Queryable } from '../db';
import { sql } from '../db/sql';

/** Sign-ins a minute from an address with failures in the window: a third of the address's budget (3 of 10). */
const failingAddressBudget = (perMinute: number) => Math.max(1, Math.floor(perMinute / 3));

/** An address's sign-ins in the last minute, and its failed ones in the window, from a tool's own log. */
export type AttemptCounts = (q: Queryable, ip: string) => Promise<{ recent: number; failed: number }>;

/**
 * The address's minute (over its budget?) and whether it has failed sign-ins within the window: the
 * same rule for the door's and the back-office's sign-in pages, each counting in its own log. Asked
 * first, before a hashing slot is taken (a flood is turned away without waiting in line), and again
 * under the address's lock when an attempt is claimed.
 */
export async function addressStanding(
  q: Queryable,
  ip: string | null,
  perMinute: number,
  { lock = true, lockKey, counts }: { lock?: boolean; lockKey: string; counts: AttemptCounts },
): Promise<{ overBudget: boolean; failing: boolean }> {
  if (ip === null) return { overBudget: false, failing: false };
  if (lock) await q.query(sql`select pg_advisory_xact_lock(hashtext(${`${lockKey}:${ip}`}))`);
  const { recent, failed } = await counts(q, ip);
  const failing = failed > 0;
  // An address that has been failing is a guesser's, or a person retrying: a few a minute will do.
  const budget = failing ? failingAddressBudget(perMinute) : perMinute;
  return { overBudget: recent >= budget, failing };
}
