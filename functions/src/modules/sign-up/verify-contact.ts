import type { FunctionContext } from '../../context';
import { HttpError, refusal } from '../../platform/http-error';
import { commitThenRun } from '../../platform/jobs/queue';
import { claimHeldUnits } from '../waitlist';
import { requireOpenRegistration, touchRegistration } from './records';
import { type Channel, issueCode, pendingCode, secondsUntilResend, settleCode } from './verification';

/** The codes typed for the e-mail, the phone or both; a verified e-mail claims units a waitlist offer holds for it. */
export async function verifyContact(
  ctx: FunctionContext,
  { registrationId, emailToken, smsToken }: { registrationId: string; emailToken: string; smsToken: string },
) {
  const wanted: Channel[] = [...(emailToken ? ['email' as const] : []), ...(smsToken ? ['sms' as const] : [])];
  if (wanted.length === 0) throw new HttpError(400, 'Enter a verification code');
  return ctx.db.transaction(async (tx) => {
    const row = await requireOpenRegistration(tx, registrationId);
    const alreadyVerified = (channel: Channel) => (channel === 'email' ? row.email_verified : row.phone_verified);
    // Check every channel before settling any, so one refusal cannot undo the other's count.
    const pending = new Map<Channel, { code_hash: string }>();
    for (const channel of wanted) {
      if (!alreadyVerified(channel)) pending.set(channel, await pendingCode(tx, registrationId, channel));
    }
    const result: Partial<Record<Channel, boolean>> = {};
    for (const channel of wanted) {
      const code = channel === 'email' ? emailToken : smsToken;
      const stored = pending.get(channel);
      result[channel] = stored ? await settleCode(tx, registrationId, channel, stored, code.trim()) : true;
    }
    await touchRegistration(tx, registrationId);
    // A verified e-mail that took a waitlist offer gets the units held for it.
    if (result.email && !row.email_verified) await claimHeldUnits(tx, ctx.clock, registrationId, row.email);
    if (wanted.length === 2) return { verified: Boolean(result.email && result.sms) };
    return wanted[0] === 'email'
      ? { verified: { email_verified: Boolean(result.email) } }
      : { verified: { phone_verified: Boolean(result.sms) } };
  });
}

/** A new code for a channel not yet verified, once its cooldown is over; always to the address on file. */
export async function resendCode(
  ctx: FunctionContext,
  { registrationId, type }: { registrationId: string; type: string },
) {
  const channel: Channel = type === 'email' ? 'email' : 'sms';
  return commitThenRun(ctx, async (tx) => {
    const row = await requireOpenRegistration(tx, registrationId);
    if (channel === 'email' ? row.email_verified : row.phone_verified) {
      throw refusal('channel_verified');
    }
    const wait = await secondsUntilResend(tx, registrationId, channel);
    if (wait > 0) {
      throw new HttpError(429, `Please wait ${wait} seconds (2 minutes between codes) before requesting a new code.`);
    }
    // Always to the address on file: the payload's copies are informative only.
    await issueCode(ctx, tx, row, channel);
    await touchRegistration(tx, registrationId);
    return { success: true };
  });
}
