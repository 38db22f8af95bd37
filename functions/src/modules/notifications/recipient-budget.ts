import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { HttpError } from '../../platform/http-error';
import type { Clock } from '../../platform/jobs/clock';
import { callableNumber } from '../../platform/phone-numbers';

export type MessageChannel = 'email' | 'sms';

/** How many messages a stranger's request may cause to one address: per hour and per day (README). */
interface RecipientLimitsConfig {
  EMAILS_PER_RECIPIENT_HOUR: number;
  EMAILS_PER_RECIPIENT_DAY: number;
  SMS_PER_RECIPIENT_HOUR: number;
  SMS_PER_RECIPIENT_DAY: number;
}

type BudgetContext = { clock: Clock; config: RecipientLimitsConfig };

const TOO_MANY_MESSAGES =
  'We have sent several messages to this address recently. Please wait before asking for another.';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Mailboxes where dots in the local part are ignored: `a.b@gmail.com` is `ab@gmail.com`. */
const DOTLESS_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * One inbox or phone, however it was typed: e-mails without case and without a `+tag` (most
 * providers deliver `victim+1@…` to `victim@…`, so each tag must not get a budget of its own),
 * Gmail's without dots; phones in E.164 when they parse (else their digits).
 */
export function recipientKey(channel: MessageChannel, recipient: string): string {
  if (channel === 'sms') return callableNumber(recipient) ?? recipient.replace(/[^\d+]/g, '');
  const [local = '', domain = ''] = recipient
    .trim()
    .toLowerCase()
    .split(/@(?=[^@]*$)/);
  const untagged = local.split('+')[0] ?? '';
  return `${DOTLESS_DOMAINS.has(domain) ? untagged.replaceAll('.', '') : untagged}@${domain}`;
}

/**
 * Counts a message a request not yet proven to come from the address's owner (a sign-up code,
 * a recovery code, a waitlist or visit confirmation, a password link) would cause, and refuses it
 * (429, with when to come back) once the address had its share this hour or today — whichever
 * function asks: twenty sign-ups, resends and visit bookings with one victim's e-mail all draw
 * from the same budget. Serialised per address so parallel requests cannot all slip under it.
 * Runs in the caller's transaction: a refused or failed request leaves no count behind.
 */
export async function claimMessage(
  tx: Queryable,
  ctx: BudgetContext,
  channel: MessageChannel,
  recipient: string,
): Promise<void> {
  const key = recipientKey(channel, recipient);
  await tx.query(sql`select pg_advisory_xact_lock(hashtext(${`message-budget:${channel}:${key}`}))`);
  const now = ctx.clock.now();
  const { rows } = await tx.query<{
    hour: number;
    day: number;
    oldest_hour: Date | null;
    oldest_day: Date | null;
  }>(sql`select count(*) filter (where sent_at > ${new Date(now.getTime() - HOUR)})::int as hour, count(*)::int as day,
       min(sent_at) filter (where sent_at > ${new Date(now.getTime() - HOUR)}) as oldest_hour, min(sent_at) as oldest_day
     from message_budget where channel = ${channel} and recipient = ${key} and sent_at > ${new Date(now.getTime() - DAY)}`);
  const counted = rows[0] ?? { hour: 0, day: 0, oldest_hour: null, oldest_day: null };
  const limit =
    channel === 'email'
      ? { hour: ctx.config.EMAILS_PER_RECIPIENT_HOUR, day: ctx.config.EMAILS_PER_RECIPIENT_DAY }
      : { hour: ctx.config.SMS_PER_RECIPIENT_HOUR, day: ctx.config.SMS_PER_RECIPIENT_DAY };
  const freeAt =
    counted.day >= limit.day && counted.oldest_day
      ? new Date(counted.oldest_day).getTime() + DAY
      : counted.hour >= limit.hour && counted.oldest_hour
        ? new Date(counted.oldest_hour).getTime() + HOUR
        : null;
  if (freeAt !== null) {
    const error = new HttpError(429, TOO_MANY_MESSAGES);
    error.retryAfterSeconds = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
    throw error;
  }
  await tx.query(sql`insert into message_budget (channel, recipient, sent_at) values (${channel}, ${key}, ${now})`);
}

/** The same, answering false instead of refusing: for work after the answer (a job), which has nobody to tell. */
export async function mayMessage(
  tx: Queryable,
  ctx: BudgetContext,
  channel: MessageChannel,
  recipient: string,
): Promise<boolean> {
  try {
    await claimMessage(tx, ctx, channel, recipient);
    return true;
  } catch (error) {
    if (error instanceof HttpError && error.status === 429) return false;
    throw error;
  }
}
