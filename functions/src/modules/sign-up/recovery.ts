import { maskEmail, maskPhone } from 'shared-api';
import type { FunctionContext } from '../../context';
import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { HttpError } from '../../platform/http-error';
import { commitThenRun } from '../../platform/jobs/queue';
import type { RequestMeta } from '../../platform/request-meta';
import { claimMessage } from '../notifications';
import { assertRecoveryAllowed, recordWrongGuess } from './address-limits';
import { holdsApplicantSession, openApplicantSession } from './applicant-session';
import {
  generateVerificationCode,
  hashVerificationCode,
  MAX_WRONG_CODES,
  RESEND_COOLDOWN_SECONDS,
  sameHash,
  VERIFICATION_CODE_TTL_MINUTES,
} from './codes';
import { recoveryEmail } from './messages';
import { findRegistration, type RegistrationRow, requireRegistration, touchRegistration } from './records';
import { CODE_EXPIRED, NO_CODE_PENDING, TOO_MANY_WRONG_CODES } from './verification';

/**
 * Recovery on a device without the registration's session: the recovery code finds the
 * registration, a one-time code sent to the e-mail and phone on file proves the person owns
 * them. A recovery code read off a screenshot alone opens nothing.
 */

/**
 * Sends a one-time code to both contacts on file, unless one was sent within the resend
 * cooldown (a repeated lookup must not flood the applicant's inbox). Returns where it went.
 */
async function challengeRecovery(
  ctx: FunctionContext,
  tx: Queryable,
  row: RegistrationRow,
): Promise<{ email: string; phone: string }> {
  const { rows } = await tx.query<{
    recent: boolean;
  }>(sql`select sent_at > now() - make_interval(secs => ${RESEND_COOLDOWN_SECONDS}) and expires_at > now() and failed_attempts < ${MAX_WRONG_CODES} as recent
     from registration_recoveries where registration_id = ${row.id} for update`);
  if (!rows[0]?.recent) {
    const code = generateVerificationCode();
    await tx.query(sql`insert into registration_recoveries (registration_id, code_hash, expires_at, failed_attempts, sent_at)
       values (${row.id}, ${hashVerificationCode(row.id, 'recovery', code)}, now() + make_interval(mins => ${VERIFICATION_CODE_TTL_MINUTES}), 0, now())
       on conflict (registration_id) do update
         set code_hash = excluded.code_hash, expires_at = excluded.expires_at, failed_attempts = 0, sent_at = now()`);
    // Both contacts' message budgets: a stranger with the recovery code cannot flood them either.
    await claimMessage(tx, ctx, 'email', row.email);
    await claimMessage(tx, ctx, 'sms', row.phone);
    await ctx.mailer.send({ to: row.email, versions: [recoveryEmail(row.language, code)] }, tx);
    await ctx.sms.queue(
      {
        to: row.phone,
        text:
          row.language === 'en'
            ? `Storage: code to continue your sign-up ${code}`
            : `Trasteros: código para continuar tu alta ${code}`,
      },
      tx,
    );
  }
  return { email: maskEmail(row.email), phone: maskPhone(row.phone) };
}

const WRONG_RECOVERY_CODE = 'The confirmation code is not correct.';

/**
 * Checks the one-time code: true when right (and spent). Every guess takes one of the allowed
 * tries before it is compared, in one statement, so parallel guesses cannot exceed the limit;
 * it runs outside any transaction that a refusal would roll back.
 */
async function settleRecovery(q: Queryable, registrationId: string, code: string): Promise<boolean> {
  const { rows } = await q.query<{
    code_hash: string;
  }>(sql`update registration_recoveries set failed_attempts = failed_attempts + 1
     where registration_id = ${registrationId} and failed_attempts < ${MAX_WRONG_CODES} and expires_at > now()
     returning code_hash`);
  const pending = rows[0];
  if (!pending) {
    const { rows: state } = await q.query<{ exhausted: boolean }>(
      sql`select failed_attempts >= ${MAX_WRONG_CODES} as exhausted from registration_recoveries where registration_id = ${registrationId}`,
    );
    if (!state[0]) throw new HttpError(410, NO_CODE_PENDING);
    throw new HttpError(state[0].exhausted ? 429 : 410, state[0].exhausted ? TOO_MANY_WRONG_CODES : CODE_EXPIRED);
  }
  if (!sameHash(pending.code_hash, hashVerificationCode(registrationId, 'recovery', code))) return false;
  // Spent only if nobody spent or replaced it meanwhile: one code opens one session.
  const spent = await q.query(
    sql`delete from registration_recoveries where registration_id = ${registrationId} and code_hash = ${pending.code_hash} returning registration_id`,
  );
  return spent.rows.length > 0;
}

const NO_REGISTRATION_WITH_CODE = 'No registration found with this code.';

/**
 * "Continue with my registration code": the browser that holds the sign-up's session goes on at
 * once; any other is asked for a code sent to the registration's own e-mail or phone.
 */
export async function recoverByCode(ctx: FunctionContext, meta: RequestMeta, recoveryCode: string) {
  await assertRecoveryAllowed(ctx, meta.ip);
  const { rows } = await ctx.db.query<{ id: string }>(
    sql`select id from registrations where registration_code = ${recoveryCode}`,
  );
  const found = rows[0];
  if (!found) {
    await recordWrongGuess(ctx, meta.ip);
    throw new HttpError(404, NO_REGISTRATION_WITH_CODE);
  }
  if (await holdsApplicantSession(ctx.db, meta, found.id)) {
    return { registrationId: found.id, confirmationRequired: false };
  }
  const sentTo = await commitThenRun(ctx, async (tx) =>
    challengeRecovery(ctx, tx, await requireRegistration(tx, found.id)),
  );
  return { registrationId: found.id, confirmationRequired: true, sentTo };
}

/** The code sent by recoverByCode opens the applicant's session in this browser. */
export async function confirmRecovery(
  ctx: FunctionContext,
  meta: RequestMeta,
  { registrationId, recoveryCode, code }: { registrationId: string; recoveryCode: string; code: string },
) {
  await assertRecoveryAllowed(ctx, meta.ip);
  const row = await findRegistration(ctx.db, registrationId);
  if (!row || row.registration_code !== recoveryCode) {
    await recordWrongGuess(ctx, meta.ip);
    throw new HttpError(404, NO_REGISTRATION_WITH_CODE);
  }
  if (!(await settleRecovery(ctx.db, registrationId, code))) throw new HttpError(400, WRONG_RECOVERY_CODE);
  await openApplicantSession(ctx.db, meta, registrationId);
  await touchRegistration(ctx.db, registrationId);
  return { registrationId };
}
