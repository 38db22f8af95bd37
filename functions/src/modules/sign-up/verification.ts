import type { FunctionContext } from '../../context';
import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { HttpError } from '../../platform/http-error';
import { claimMessage } from '../notifications';
import {
  generateVerificationCode,
  hashVerificationCode,
  MAX_WRONG_CODES,
  RESEND_COOLDOWN_SECONDS,
  sameHash,
  VERIFICATION_CODE_TTL_MINUTES,
} from './codes';
import { verificationEmail } from './messages';

export type Channel = 'email' | 'sms';

const SMS_TEXT = {
  es: {
    sms: (code: string) => `Trasteros: tu código es ${code}`,
  },
  en: {
    sms: (code: string) => `Storage: your code is ${code}`,
  },
} as const;

/**
 * A fresh code for one channel: the previous one stops working, the cooldown and the
 * wrong-code counter start again. Written in `tx`; the outbox delivers it after the commit.
 */
export async function issueCode(
  ctx: FunctionContext,
  tx: Queryable,
  registration: { id: string; registration_code: string; email: string; phone: string; language?: 'es' | 'en' },
  channel: Channel,
): Promise<void> {
  // In the language the applicant signs up in, alone.
  const language = registration.language ?? 'es';
  const code = generateVerificationCode();
  await tx.query(sql`insert into registration_verifications (registration_id, channel, code_hash, expires_at, failed_attempts, sent_at)
     values (${registration.id}, ${channel}, ${hashVerificationCode(registration.id, channel, code)}, now() + make_interval(mins => ${VERIFICATION_CODE_TTL_MINUTES}), 0, now())
     on conflict (registration_id, channel) do update
       set code_hash = excluded.code_hash, expires_at = excluded.expires_at, failed_attempts = 0, sent_at = now()`);
  // Whoever asked, the address gets only its share of codes this hour and today.
  await claimMessage(tx, ctx, channel, channel === 'email' ? registration.email : registration.phone);
  if (channel === 'email') {
    await ctx.mailer.send(
      {
        to: registration.email,
        versions: [
          verificationEmail(language, { verificationCode: code, registrationCode: registration.registration_code }),
        ],
      },
      tx,
    );
  } else {
    await ctx.sms.queue({ to: registration.phone, text: SMS_TEXT[language].sms(code) }, tx);
  }
}

/** Refuses a resend inside the cooldown; returns the seconds left otherwise 0. */
export async function secondsUntilResend(tx: Queryable, registrationId: string, channel: Channel): Promise<number> {
  const { rows } = await tx.query<{
    left: number;
  }>(sql`select greatest(0, ceil(extract(epoch from (sent_at + make_interval(secs => ${RESEND_COOLDOWN_SECONDS}) - now()))))::int as left
     from registration_verifications where registration_id = ${registrationId} and channel = ${channel}`);
  return rows[0]?.left ?? 0;
}

export const CODE_EXPIRED = 'The verification code has expired. Request a new one.';
export const NO_CODE_PENDING = 'There is no verification code pending. Request a new one.';
export const TOO_MANY_WRONG_CODES = 'Too many incorrect codes. Request a new one.';

/**
 * The pending code of one channel, locked; refused when missing, exhausted or expired.
 * Callers check every channel of a request first, so a refusal on one channel can never
 * roll back the wrong-code count of the other.
 */
export async function pendingCode(tx: Queryable, registrationId: string, channel: Channel) {
  const { rows } = await tx.query<{
    code_hash: string;
    expired: boolean;
    failed_attempts: number;
  }>(sql`select code_hash, expires_at < now() as expired, failed_attempts
     from registration_verifications where registration_id = ${registrationId} and channel = ${channel} for update`);
  const pending = rows[0];
  if (!pending) throw new HttpError(410, NO_CODE_PENDING);
  if (pending.failed_attempts >= MAX_WRONG_CODES) throw new HttpError(429, TOO_MANY_WRONG_CODES);
  if (pending.expired) throw new HttpError(410, CODE_EXPIRED);
  return pending;
}

/** A right code verifies the channel and is spent; a wrong one counts toward the limit. */
export async function settleCode(
  tx: Queryable,
  registrationId: string,
  channel: Channel,
  pending: { code_hash: string },
  code: string,
): Promise<boolean> {
  const right =
    /^\d{6}$/.test(code) && sameHash(pending.code_hash, hashVerificationCode(registrationId, channel, code));
  if (right) {
    await tx.query(
      sql`delete from registration_verifications where registration_id = ${registrationId} and channel = ${channel}`,
    );
    const verified = channel === 'email' ? 'email_verified' : 'phone_verified';
    await tx.query(
      sql`update registrations set ${sql.identifier(verified)} = true, updated_at = now() where id = ${registrationId}`,
    );
  } else {
    await tx.query(sql`update registration_verifications set failed_attempts = failed_attempts + 1
       where registration_id = ${registrationId} and channel = ${channel}`);
  }
  return right;
}
