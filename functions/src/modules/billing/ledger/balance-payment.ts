import { randomUUID } from 'node:crypto';
import { PAYMENT_EXPIRY_MINUTES } from 'shared-api';
import type { Language } from 'shared-i18n';
import { tellTenant } from '../../../adapters/tell-tenant';
import type { FunctionContext } from '../../../context';
import type { Queryable } from '../../../platform/db';
import { sql } from '../../../platform/db/sql';
import { paragraph } from '../../../platform/email/content';
import { scheduleArrearsCheck } from '../arrears/check';
import { decimalEuros, euros, toCents } from '../invoicing/amounts';
import { applyPaymentOutcome, findPayment, type PaymentRow } from '../payment-records';
import { tenantBalance } from './balance';
import { recordMovement } from './movements';
import { PAY_BALANCE_PATH } from './pay-links';

type CheckoutContext = Pick<FunctionContext, 'payments' | 'config' | 'clock' | 'jobs' | 'mailer'>;

export type BalanceCheckout = { kind: 'checkout'; checkoutUrl: string } | { kind: 'nothing_due' };

/** Where the provider sends the tenant back: the payment's own page, in their language. */
const balancePaymentPath = (paymentId: string, language: Language) =>
  `${PAY_BALANCE_PATH}?payment=${paymentId}&lang=${language}`;

/**
 * The card checkout for what a tenant can pay now (their overdue balance), opened from their pay
 * link. One balance payment in flight: the same amount reopens its checkout; a balance that changed
 * since (a collection paid, a fee issued) cancels the old order first, so it cannot also be paid.
 */
export async function startBalanceCheckout(
  tx: Queryable,
  ctx: CheckoutContext,
  registrationId: string,
): Promise<BalanceCheckout> {
  // One tenant's checkouts one at a time: two taps cannot open two orders.
  const { rows } = await tx.query<{ email: string; language: Language }>(
    sql`select email, language from registrations where id = ${registrationId} for update`,
  );
  const tenant = rows[0];
  if (!tenant) return { kind: 'nothing_due' };
  const balance = await tenantBalance(tx, registrationId);
  const { rows: live } = await tx.query<{ id: string; settles: unknown }>(
    sql`select id::text, settles from payments where registration_id = ${registrationId} and purpose = 'balance'
       and status in ('pending', 'processing')`,
  );
  const current = live[0] ? ((await findPayment(tx, live[0].id, true)) as PaymentRow) : null;
  const now = ctx.clock.now();
  if (current) {
    // A bank's 3-D Secure check under way is finished there, not replaced.
    const same =
      toCents(Number(current.amount)) === balance.payableCents &&
      JSON.stringify(live[0]?.settles) === JSON.stringify(balance.overduePeriodIds) &&
      (!current.expires_at || new Date(current.expires_at) > now);
    if ((same || current.status === 'processing') && current.checkout_url) {
      return { kind: 'checkout', checkoutUrl: current.checkout_url };
    }
  }
  if (balance.payableCents <= 0) {
    if (current) await cancelBalanceOrder(tx, ctx, current);
    return { kind: 'nothing_due' };
  }
  // The new order first: if the provider cannot be reached, the old one still stands as it was.
  const paymentId = randomUUID();
  const language: Language = tenant.language === 'en' ? 'en' : 'es';
  const back = balancePaymentPath(paymentId, language);
  const order = await ctx.payments.createOrder({
    paymentId,
    amount: balance.payableCents / 100,
    currency: 'EUR',
    description: language === 'en' ? 'Storage rent overdue' : 'Alquiler del trastero pendiente',
    customerEmail: tenant.email,
    returnUrl: new URL(back, ctx.config.PUBLIC_SITE_URL).toString(),
  });
  if (current) await cancelBalanceOrder(tx, ctx, current);
  const expiresAt = new Date(now.getTime() + PAYMENT_EXPIRY_MINUTES * 60_000);
  await tx.query(sql`insert into payments (id, registration_id, amount, currency, status, provider, provider_order_id,
       checkout_url, return_path, purpose, settles, expires_at)
     values (${paymentId}, ${registrationId}, ${decimalEuros(balance.payableCents)}, 'EUR', 'pending', ${ctx.payments.name},
       ${order.providerOrderId}, ${order.checkoutUrl}, ${back}, 'balance', ${JSON.stringify(balance.overduePeriodIds)},
       ${expiresAt})`);
  await ctx.jobs.schedule(tx, {
    kind: BALANCE_PAYMENT_EXPIRY_JOB,
    payload: { paymentId },
    runAt: expiresAt,
    key: `balance-payment-expiry:${paymentId}`,
  });
  return { kind: 'checkout', checkoutUrl: order.checkoutUrl };
}

/** The job that ends a balance payment nobody finished, at its `expires_at`. */
export const BALANCE_PAYMENT_EXPIRY_JOB = 'billing.balance-payment-expiry';

/**
 * A balance order that must no longer be paid (replaced, or what it was for paid otherwise) is
 * cancelled at the provider, then here. One the provider says it completed meanwhile is applied
 * instead: the money was taken, so it is recorded (any excess shows as the tenant's, to refund).
 */
async function cancelBalanceOrder(
  tx: Queryable,
  ctx: Pick<FunctionContext, 'payments' | 'clock' | 'jobs' | 'mailer' | 'config'>,
  payment: PaymentRow,
  reason = 'Payment cancelled',
): Promise<void> {
  const order = payment.provider_order_id;
  const said = order ? await ctx.payments.orderOutcome(order) : null;
  if (said === 'completed' || said === 'failed' || said === 'cancelled') {
    const settled = await applyPaymentOutcome(tx, payment.id, said, said === 'failed' ? 'Card declined' : undefined);
    if (settled && said === 'completed') await applyBalancePayment(tx, ctx, payment.id);
    return;
  }
  if (order) await ctx.payments.cancelOrder(order);
  await applyPaymentOutcome(tx, payment.id, 'cancelled', reason);
}

/**
 * The live balance orders of these tenants are cancelled: what they were for was just paid or sent
 * to the bank another way, and nobody pays the same rent twice.
 */
export async function cancelBalanceCheckouts(
  tx: Queryable,
  ctx: Pick<FunctionContext, 'payments' | 'clock' | 'jobs' | 'mailer' | 'config'>,
  registrationIds: string[],
): Promise<void> {
  if (!registrationIds.length) return;
  const { rows } = await tx.query<{ id: string }>(sql`select id::text from payments
     where registration_id = any(${registrationIds}::uuid[]) and purpose = 'balance' and status = 'pending'
     for update`);
  for (const row of rows) await cancelBalanceOrder(tx, ctx, (await findPayment(tx, row.id)) as PaymentRow);
}

/** Ends a balance payment still pending at its expiry (the tenant left the checkout, a webhook was lost). */
export async function expireBalancePayment(
  tx: Queryable,
  ctx: Pick<FunctionContext, 'payments' | 'clock' | 'jobs' | 'mailer' | 'config'>,
  paymentId: string,
): Promise<void> {
  const payment = await findPayment(tx, paymentId, true);
  if (payment?.purpose !== 'balance' || (payment.status !== 'pending' && payment.status !== 'processing')) return;
  await cancelBalanceOrder(tx, ctx, payment, 'Payment expired');
}

/**
 * A balance paid by card: the money recorded, the overdue periods it was for paid (taken out of the
 * next remittance), the tenant thanked, and the arrears rules run now, so a suspension the rules made
 * ends within the minute.
 */
export async function applyBalancePayment(
  tx: Queryable,
  ctx: Pick<FunctionContext, 'clock' | 'jobs' | 'mailer' | 'config'>,
  paymentId: string,
): Promise<void> {
  const payment = (await findPayment(tx, paymentId)) as PaymentRow;
  const now = ctx.clock.now();
  const amountCents = toCents(Number(payment.amount));
  await tx.query(sql`update rent_periods set status = 'paid', paid_at = ${now}, overdue_since = null
     where id in (select jsonb_array_elements_text(settles)::uuid from payments where id = ${paymentId})
       and status in ('scheduled', 'returned') and overdue_since is not null`);
  await recordMovement(tx, {
    registrationId: payment.registration_id,
    kind: 'card',
    amountCents,
    paymentId,
    reference: payment.provider_order_id,
    at: now,
  });
  await scheduleArrearsCheck(tx, ctx, payment.registration_id);
  const { rows } = await tx.query<{ email: string; full_name: string; language: Language }>(
    sql`select email, full_name, language from registrations where id = ${payment.registration_id}`,
  );
  const tenant = rows[0];
  if (!tenant) return;
  const reference = payment.provider_order_id ?? payment.id;
  await tellTenant(tx, ctx, tenant, {
    en: {
      subject: 'Payment received',
      blocks: [
        paragraph(
          `We have received your card payment of ${euros(amountCents, 'en')} for your storage rent. Thank you.`,
        ),
        paragraph(`Reference: ${reference}.`),
      ],
    },
    es: {
      subject: 'Pago recibido',
      blocks: [
        paragraph(
          `Hemos recibido tu pago con tarjeta de ${euros(amountCents, 'es')} del alquiler de tu trastero. Gracias.`,
        ),
        paragraph(`Referencia: ${reference}.`),
      ],
    },
  });
}
