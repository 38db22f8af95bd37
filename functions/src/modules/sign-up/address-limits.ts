import type { FunctionContext } from '../../context';
import { sql } from '../../platform/db/sql';
import { HttpError } from '../../platform/http-error';

/** Wrong recovery codes per address in the window before 429. */
const RECOVERY_LOOKUPS = 10;
const RECOVERY_WINDOW_MINUTES = 15;
const TOO_MANY = 'Too many attempts. Please try again in a few minutes.';

/** 429 once an address has guessed too many recovery codes. */
export async function assertRecoveryAllowed(ctx: Pick<FunctionContext, 'db'>, ip: string | null): Promise<void> {
  const { rows } = await ctx.db.query<{ n: number }>(sql`select count(*)::int as n from registration_code_lookups
     where kind = 'recovery' and ip is not distinct from ${ip} and created_at > now() - make_interval(mins => ${RECOVERY_WINDOW_MINUTES})`);
  if ((rows[0]?.n ?? 0) >= RECOVERY_LOOKUPS) throw new HttpError(429, TOO_MANY);
}

/** A wrong registration code guessed from an address. */
export async function recordWrongGuess(ctx: Pick<FunctionContext, 'db'>, ip: string | null): Promise<void> {
  await ctx.db.query(sql`insert into registration_code_lookups (ip) values (${ip})`);
}

/**
 * "Is there a sign-up with this e-mail and phone?" answers for any pair, so an address may ask it
 * EXISTENCE_CHECKS_PER_ADDRESS times in 15 minutes (30 by default): a person asks once per
 * sign-up, an office behind one address a few dozen times, a script enumerating pairs is held
 * back (429).
 */
export async function assertExistenceCheckAllowed(
  ctx: Pick<FunctionContext, 'db' | 'config'>,
  ip: string | null,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.query(sql`select pg_advisory_xact_lock(hashtext(${`existing:${ip ?? ''}`}))`);
    const { rows } = await tx.query<{ n: number }>(sql`select count(*)::int as n from registration_code_lookups
       where kind = 'existing' and ip is not distinct from ${ip} and created_at > now() - make_interval(mins => ${RECOVERY_WINDOW_MINUTES})`);
    if ((rows[0]?.n ?? 0) >= ctx.config.EXISTENCE_CHECKS_PER_ADDRESS) throw new HttpError(429, TOO_MANY);
    await tx.query(sql`insert into registration_code_lookups (ip, kind) values (${ip}, 'existing')`);
  });
}
