import type { Database, Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { type AttemptCounts, addressStanding } from '../../platform/security/address-standing';
import { claimDeviceTry, deviceTryFailed, releaseDeviceTry } from '../../platform/security/device-cookies';
import { DOOR_DEVICES } from './devices';

/**
 * Login throttling that slows an attacker without locking the owner out.
 *
 * - Per (usuario, address) pair: PAIR_MAX_FAILURES failed logins within PAIR_WINDOW_MINUTES
 *   (and since that pair's last success) answer 429 to that pair only. Guessing from ten
 *   addresses at `admin` no longer shuts the real admin out of his own.
 * - Per usuario, across all addresses: after USER_FREE_FAILURES failures (forgotten after
 *   USER_MEMORY_HOURS without one) each further attempt waits 2, 4, 8 … seconds, at most
 *   BACKOFF_CAP_SECONDS, so many addresses together gain little. Addresses this user signed in
 *   from within the session lifetime do not wait: the owner at home or at the office is not
 *   slowed by strangers; only the pair limit applies there.
 * - A browser that has signed in as the user before (its `door_device` cookie, devices.ts) is held
 *   back by none of these, nor by its address's budget: only by its own DOOR_DEVICE_MAX_FAILURES
 *   wrong passwords since its last sign-in, the last of which voids it (then it is a stranger's
 *   again). Its failures do not feed the user's back-off: strangers who locked the name out from
 *   everywhere do not lock out the owner's phone, and a stolen cookie buys ten guesses.
 *
 * How the admin always gets back in: the pair limit ends 15 minutes after his own typos; the
 * back-off never waits more than 15 minutes and does not apply at his known addresses; and
 * whoever runs the service can start it once with DOOR_ADMIN_RESET=1 (setup.ts), which sets his
 * password and PIN again and clears these counts.
 *
 * Counts are kept per typed name whether or not such a user exists, and a refusal is the same
 * 429 either way: the throttle tells nobody which names are real.
 */
const PAIR_MAX_FAILURES = 10;
const PAIR_WINDOW_MINUTES = 15;
export const USER_FREE_FAILURES = 20;
export const BACKOFF_CAP_SECONDS = 15 * 60;
const USER_MEMORY_HOURS = 24;

/** How long any further attempt waits after a user's `failures`-th failure (0 while still free). */
export function backoffSeconds(failures: number): number {
  if (failures < USER_FREE_FAILURES) return 0;
  return Math.min(BACKOFF_CAP_SECONDS, 2 ** (failures - USER_FREE_FAILURES + 1));
}

export interface UserThrottle {
  failures: number;
  lastFailureAt: Date | null;
  nextAttemptAt: Date | null;
}

/** The user's counts as they stand at `now`: forgotten after a quiet USER_MEMORY_HOURS. */
export function current(state: UserThrottle, now: Date): UserThrottle {
  const quiet = state.lastFailureAt && now.getTime() - state.lastFailureAt.getTime() > USER_MEMORY_HOURS * 3600_000;
  return quiet ? { failures: 0, lastFailureAt: state.lastFailureAt, nextAttemptAt: null } : state;
}

const later = (a: Date | null, b: Date) => (a && a.getTime() > b.getTime() ? a : b);
const afterSeconds = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000);

interface ThrottleRow extends Record<string, unknown> {
  failures: number;
  last_failure_at: Date | string | null;
  next_attempt_at: Date | string | null;
  cleared_at: Date | string | null;
  now: Date | string;
}

const date = (value: Date | string | null) => (value === null ? null : new Date(value));

async function lockUserRow(tx: Queryable, usuario: string) {
  await tx.query(sql`insert into door_login_throttle (usuario) values (${usuario}) on conflict (usuario) do nothing`);
  const { rows } =
    await tx.query<ThrottleRow>(sql`select failures, last_failure_at, next_attempt_at, cleared_at, now() as now
     from door_login_throttle where usuario = ${usuario} for update`);
  const row = rows[0] as ThrottleRow;
  const now = new Date(row.now);
  const state = current(
    { failures: row.failures, lastFailureAt: date(row.last_failure_at), nextAttemptAt: date(row.next_attempt_at) },
    now,
  );
  return { state, now, clearedAt: date(row.cleared_at) };
}

/**
 * Reserves one login attempt and returns its audit row's id, or null: refused (429). Decided under
 * a lock on the user's row, and recorded as `pending` before the slow password check, so parallel
 * requests cannot slip past the counts; a global slot is claimed in advance for the same reason.
 */
export async function claimLoginAttempt(
  db: Database,
  attempt: {
    usuario: string;
    ip: string | null;
    userId: string | null;
    knownForDays: number;
    addressPerMinute: number;
    /** The stored hash of the user's own browser's device cookie (a trusted device), if any. */
    device?: string | null;
  },
): Promise<string | null> {
  return db.transaction(async (tx) => {
    // The owner's own browser: its own failures (counted now, before the hash) are its only limit.
    if (attempt.device) {
      if (!(await claimDeviceTry(tx, DOOR_DEVICES, attempt.device))) return null;
      return pendingAttempt(tx, attempt);
    }
    // Before any name's counts: one address trying many names (each under its own limits) gets
    // this many sign-ins a minute, and no more hashing.
    if ((await doorAddressStanding(tx, attempt.ip, attempt.addressPerMinute)).overBudget) return null;
    const { state, now, clearedAt } = await lockUserRow(tx, attempt.usuario);
    const { rows } = await tx.query<{ pair_failures: number; known: boolean }>(sql`select
         (select count(*)::int from door_audit f
          where f.action = 'login' and f.result in ('failed', 'pending')
            and f.usuario = ${attempt.usuario} and f.ip is not distinct from ${attempt.ip}
            and f.created_at > greatest(
              now() - make_interval(mins => ${PAIR_WINDOW_MINUTES}),
              coalesce(${clearedAt}::timestamptz, '-infinity'::timestamptz),
              coalesce((select max(o.created_at) from door_audit o
                         where o.action = 'login' and o.result = 'ok' and o.usuario = ${attempt.usuario} and o.ip is not distinct from ${attempt.ip}),
                       '-infinity'::timestamptz))) as pair_failures,
         exists (select 1 from door_audit k
                 where k.action = 'login' and k.result = 'ok' and k.usuario = ${attempt.usuario} and k.ip = ${attempt.ip}
                   and k.created_at > now() - make_interval(days => ${attempt.knownForDays})) as known`);
    if ((rows[0]?.pair_failures ?? 0) >= PAIR_MAX_FAILURES) return null;
    if (!rows[0]?.known && state.nextAttemptAt && state.nextAttemptAt.getTime() > now.getTime()) return null;
    const wait = backoffSeconds(state.failures + 1);
    await tx.query(
      sql`update door_login_throttle set failures = ${state.failures}, next_attempt_at = ${wait ? later(state.nextAttemptAt, afterSeconds(now, wait)) : state.nextAttemptAt} where usuario = ${attempt.usuario}`,
    );
    return pendingAttempt(tx, attempt);
  });
}

/** The attempt's audit row, `pending` until its password has been checked. */
async function pendingAttempt(
  tx: Queryable,
  attempt: { usuario: string; ip: string | null; userId: string | null },
): Promise<string | null> {
  const { rows } = await tx.query<{
    id: string;
  }>(sql`insert into door_audit (user_id, usuario, action, result, ip) values (${attempt.userId}, ${attempt.usuario}, 'login', 'pending', ${attempt.ip})
     returning id::text as id`);
  return rows[0]?.id ?? null;
}

/** The door's sign-ins from an address in the last minute, and its failures in the pair window. */
const doorAttempts: AttemptCounts = async (q, ip) => {
  const { rows } = await q.query<{
    recent: number;
    failed: number;
  }>(sql`select count(*) filter (where created_at > now() - interval '1 minute')::int as recent,
            count(*) filter (where result = 'failed')::int as failed
     from door_audit
     where action = 'login' and ip = ${ip} and created_at > now() - make_interval(mins => ${PAIR_WINDOW_MINUTES})`);
  return { recent: rows[0]?.recent ?? 0, failed: rows[0]?.failed ?? 0 };
};

/** The address's minute (over its budget?) and whether it has failed sign-ins within the pair window. */
export const doorAddressStanding = (q: Queryable, ip: string | null, perMinute: number, { lock = true } = {}) =>
  addressStanding(q, ip, perMinute, { lock, lockKey: 'door-login-ip', counts: doorAttempts });

/** An attempt turned away before its password was checked (a busy service): no name's failure. */
export async function releaseLoginAttempt(db: Database, auditId: string, device?: string | null): Promise<void> {
  await db.query(sql`update door_audit set result = 'busy' where id = ${auditId}`);
  if (device) await releaseDeviceTry(db, DOOR_DEVICES, device);
}

/**
 * A failed attempt: counted for its pair (the audit row) and for the user (the back-off); from the
 * user's own browser, for that browser instead of the back-off (voided at its
 * DOOR_DEVICE_MAX_FAILURES-th).
 */
export async function recordLoginFailure(
  db: Database,
  usuario: string,
  auditId: string,
  device?: string | null,
): Promise<void> {
  if (device) {
    await db.transaction(async (tx) => {
      await tx.query(sql`update door_audit set result = 'failed' where id = ${auditId}`);
      await deviceTryFailed(tx, DOOR_DEVICES, device);
    });
    return;
  }
  await db.transaction(async (tx) => {
    await tx.query(sql`update door_audit set result = 'failed' where id = ${auditId}`);
    const { state, now } = await lockUserRow(tx, usuario);
    const failures = state.failures + 1;
    const wait = backoffSeconds(failures);
    await tx.query(
      sql`update door_login_throttle set failures = ${failures}, last_failure_at = ${now}, next_attempt_at = ${wait ? later(state.nextAttemptAt, afterSeconds(now, wait)) : state.nextAttemptAt} where usuario = ${usuario}`,
    );
  });
  // Names without a failure for a day carry no count: forget them (an attacker may try many).
  // Apart from the transaction and skipping locked rows, so it never waits on a login in progress.
  await db.query(sql`delete from door_login_throttle where usuario in (
       select usuario from door_login_throttle where last_failure_at < now() - make_interval(hours => ${USER_MEMORY_HOURS})
       for update skip locked)`);
}

/** A successful attempt: its audit row says so, which also ends its pair's count. */
export async function recordLoginSuccess(tx: Queryable, auditId: string, userId: string): Promise<void> {
  await tx.query(sql`update door_audit set result = 'ok', user_id = ${userId} where id = ${auditId}`);
}

/** DOOR_ADMIN_RESET: the user's counts start again, for every address. */
export async function clearLoginThrottle(tx: Queryable, usuario: string): Promise<void> {
  await tx.query(sql`insert into door_login_throttle (usuario, cleared_at) values (${usuario}, now())
     on conflict (usuario) do update set failures = 0, next_attempt_at = null, cleared_at = now()`);
}
