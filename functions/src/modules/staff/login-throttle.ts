import type { Database, Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { type AttemptCounts, addressStanding } from '../../platform/security/address-standing';

/**
 * Back-office logins: at most PAIR_MAX_FAILURES failures per (e-mail, address) and
 * EMAIL_MAX_FAILURES per e-mail from addresses he has not signed in from within WINDOW_MINUTES; then 429 until the window
 * moves on. Each attempt is written as a failure before the password is checked (and turned into
 * a success after), so parallel guesses are counted. Counted per typed e-mail, known or not: the
 * answer never tells which accounts exist. A manager held back everywhere gets in again with
 * BACKOFFICE_MANAGER_RESET=1 (setup.ts), which clears his count.
 */
export const PAIR_MAX_FAILURES = 10;
const EMAIL_MAX_FAILURES = 30;
const WINDOW_MINUTES = 15;
/** An address the member signed in from within this many days is his: only the pair limit applies there. */
const KNOWN_ADDRESS_DAYS = 30;

/** The back-office's sign-ins from an address in the last minute, and its failures in the window. */
const staffAttempts: AttemptCounts = async (q, ip) => {
  const { rows } = await q.query<{
    recent: number;
    failed: number;
  }>(sql`select count(*) filter (where created_at > now() - interval '1 minute')::int as recent,
            count(*) filter (where not succeeded)::int as failed
     from staff_login_attempts where ip = ${ip} and created_at > now() - make_interval(mins => ${WINDOW_MINUTES})`);
  return { recent: rows[0]?.recent ?? 0, failed: rows[0]?.failed ?? 0 };
};

/** The address's minute (over its budget?) and whether it has failed sign-ins within the window. */
export const staffAddressStanding = (q: Queryable, ip: string | null, perMinute: number, { lock = true } = {}) =>
  addressStanding(q, ip, perMinute, { lock, lockKey: 'staff-login-ip', counts: staffAttempts });

/** The attempt's id, or null when it is refused. */
export async function claimStaffLogin(
  db: Database,
  email: string,
  ip: string | null,
  addressPerMinute: number,
  { trustedDevice = false }: { trustedDevice?: boolean } = {},
): Promise<string | null> {
  return db.transaction(async (tx) => {
    // Before any e-mail's counts: one address trying many e-mails gets this many a minute. A
    // browser the member signed in from before is held back only by its own typos (the pair).
    if (!trustedDevice && (await staffAddressStanding(tx, ip, addressPerMinute)).overBudget) return null;
    // One claim at a time per e-mail: two parallel requests cannot both see the last free slot.
    await tx.query(sql`select pg_advisory_xact_lock(hashtext(${`staff-login:${email}`}))`);
    const { rows } = await tx.query<{ pair: number; total: number; known: boolean }>(sql`select
         (select count(*)::int from staff_login_attempts a
          where lower(a.email) = ${email} and not a.succeeded and a.ip is not distinct from ${ip}
            and a.created_at > greatest(now() - make_interval(mins => ${WINDOW_MINUTES}),
              coalesce((select max(s.created_at) from staff_login_attempts s
                        where lower(s.email) = ${email} and s.succeeded and s.ip is not distinct from ${ip}),
                       '-infinity'::timestamptz))) as pair,
         (select count(*)::int from staff_login_attempts a
          where lower(a.email) = ${email} and not a.succeeded and a.created_at > now() - make_interval(mins => ${WINDOW_MINUTES})) as total,
         exists (select 1 from staff_login_attempts k
                 where lower(k.email) = ${email} and k.succeeded and k.ip = ${ip}
                   and k.created_at > now() - make_interval(days => ${KNOWN_ADDRESS_DAYS})) as known`);
    const counts = rows[0] ?? { pair: 0, total: 0, known: false };
    if (counts.pair >= PAIR_MAX_FAILURES) return null;
    // Strangers guessing from many addresses do not lock the owner out of the places he uses.
    if (!counts.known && !trustedDevice && counts.total >= EMAIL_MAX_FAILURES) return null;
    const { rows: claimed } = await tx.query<{ id: string }>(
      sql`insert into staff_login_attempts (email, ip, succeeded) values (${email}, ${ip}, false) returning id::text as id`,
    );
    return claimed[0]?.id ?? null;
  });
}

export async function recordStaffLoginSuccess(q: Queryable, attemptId: string): Promise<void> {
  await q.query(sql`update staff_login_attempts set succeeded = true where id = ${attemptId}`);
}

/** An attempt turned away before its password was checked (a busy service): counted for nobody. */
export async function releaseStaffLogin(q: Queryable, attemptId: string): Promise<void> {
  await q.query(sql`delete from staff_login_attempts where id = ${attemptId}`);
}

export async function clearStaffLoginThrottle(q: Queryable, email: string): Promise<void> {
  await q.query(sql`delete from staff_login_attempts where lower(email) = ${email} and not succeeded`);
}
