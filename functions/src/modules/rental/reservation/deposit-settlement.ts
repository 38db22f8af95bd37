import { formatEuros, languageFromPath } from 'shared-i18n';
import type { FunctionContext } from '../../../context';
import type { Queryable } from '../../../platform/db';
import { sql } from '../../../platform/db/sql';
import type { JobHandler } from '../../../platform/jobs/queue';
import { applyBalancePayment, applyPaymentOutcome, findPayment, type PaymentRow } from '../../billing';
import { depositPaymentExpiredEmail } from '../messages';
import { releaseDepositHold } from './holds';

export type SettleContext = Pick<FunctionContext, 'payments' | 'mailer' | 'jobs' | 'clock' | 'config' | 'log'>;

const PAYMENT_EXPIRY_JOB = 'payment-expiry';

/** The reasons stored with a payment that ended unpaid (English, as providers word them). */
export const END_REASONS = {
  declined: 'Card declined',
  cancelled: 'Payment cancelled',
  expired: 'Payment expired',
} as const;

/**
 * A provider's verdict on a payment, with what follows from it: a deposit that will not be paid
 * gives its held units back; a tenant's balance paid settles their arrears. Final states never
 * change again (a late webhook cannot undo them).
 */
export async function settlePayment(
  tx: Queryable,
  ctx: Pick<SettleContext, 'jobs' | 'clock' | 'mailer' | 'config'>,
  paymentId: string,
  outcome: 'processing' | 'completed' | 'failed' | 'cancelled',
  reason?: string,
): Promise<boolean> {
  const settled = await applyPaymentOutcome(tx, paymentId, outcome, reason);
  if (!settled) return false;
  if (settled.purpose === 'balance') {
    if (outcome === 'completed') await applyBalancePayment(tx, ctx, paymentId);
    return true;
  }
  if (outcome === 'failed' || outcome === 'cancelled') await releaseDepositHold(tx, ctx, settled.registrationId);
  return true;
}

/** Schedules the end of a payment nobody finishes, at its `expires_at`. */
export async function scheduleExpiry(tx: Queryable, ctx: Pick<SettleContext, 'jobs'>, paymentId: string, at: Date) {
  await ctx.jobs.schedule(tx, {
    kind: PAYMENT_EXPIRY_JOB,
    payload: { paymentId },
    runAt: at,
    key: `payment-expiry:${paymentId}`,
  });
}

/**
 * Ends a payment still in flight, on the applicant's word (`cancelled`) or at its deadline
 * (`expired`). The provider is asked first: a payment it completed or declined meanwhile (its
 * webhook lost) ends that way; otherwise its order is cancelled there, so it can no longer be
 * charged, and only then here. Returns the payment as it ends.
 */
export async function endUnfinishedPayment(
  tx: Queryable,
  ctx: SettleContext,
  payment: PaymentRow,
  why: 'cancelled' | 'expired',
): Promise<PaymentRow> {
  if (payment.status !== 'pending' && payment.status !== 'processing') return payment;
  const order = payment.provider_order_id;
  const said = order ? await ctx.payments.orderOutcome(order) : null;
  if (said === 'completed' || said === 'failed' || said === 'cancelled') {
    await settlePayment(tx, ctx, payment.id, said, said === 'failed' ? END_REASONS.declined : undefined);
  } else {
    // A refusal here (paid a moment ago) throws: the job tries again, the applicant is told to retry.
    if (order) await ctx.payments.cancelOrder(order);
    await settlePayment(tx, ctx, payment.id, 'cancelled', END_REASONS[why]);
    if (why === 'expired') await tellExpired(tx, ctx, payment);
  }
  return (await findPayment(tx, payment.id)) as PaymentRow;
}

async function tellExpired(tx: Queryable, ctx: SettleContext, payment: PaymentRow) {
  const { rows } = await tx.query<{ email: string }>(
    sql`select email from registrations where id = ${payment.registration_id}`,
  );
  const email = rows[0]?.email;
  if (!email) return;
  const language = languageFromPath(payment.return_path) ?? 'es';
  const link = new URL(payment.return_path, ctx.config.PUBLIC_SITE_URL).toString();
  await ctx.mailer.send(
    {
      to: email,
      versions: [
        depositPaymentExpiredEmail(language, {
          amount: formatEuros(Number(payment.amount), language),
          signUpUrl: link,
        }),
      ],
    },
    tx,
  );
}

/** The payments' timed work, by job kind. */
export function paymentJobs(ctx: SettleContext): Record<string, JobHandler> {
  return {
    [PAYMENT_EXPIRY_JOB]: async (tx, payload) => {
      const payment = await findPayment(tx, String(payload.paymentId), true);
      if (!payment || (payment.status !== 'pending' && payment.status !== 'processing')) return;
      const expiresAt = payment.expires_at ? new Date(payment.expires_at) : null;
      if (expiresAt && expiresAt > ctx.clock.now()) return scheduleExpiry(tx, ctx, payment.id, expiresAt);
      await endUnfinishedPayment(tx, ctx, payment, 'expired');
    },
  };
}
