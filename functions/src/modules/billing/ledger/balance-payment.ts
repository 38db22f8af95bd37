import { randomUUID } from 'node:crypto';
import type { Language } from 'shared-i18n';
import type { FunctionContext } from '../../../context';
import type { Queryable } from '../../../platform/db';
import { sql } from '../../../platform/db/sql';
import { paragraph } from '../../../platform/email/content';
import { scheduleArrearsCheck } from '../arrears/check';
import { decimalEuros, euros, toCents } from '../invoicing/amounts';
import { findPayment, type PaymentRow } from '../payment-records';
import { tenantBalance } from './balance';
import { recordMovement } from './movements';
import { PAY_BALANCE_PATH } from './pay-links';

type CheckoutContext = Pick<FunctionContext, 'payments' | 'config' | 'clock'>;

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
  if (current) {
    // A bank's 3-D Secure check under way is finished there, not replaced.
    const same =
      toCents(Number(current.amount)) === balance.payableCents &&
      JSON.stringify(live[0]?.settles) === JSON.stringify(balance.overduePeriodIds);
    if ((same || current.status === 'processing') && current.checkout_url) {
      return { kind: 'checkout', checkoutUrl: current.checkout_url };
    }
    if (current.provider_order_id) await ctx.payments.cancelOrder(current.provider_order_id);
    await tx.query(sql`update payments set status = 'cancelled', failed_at = now(), updated_at = now(),
         failure_reason = 'Payment cancelled' where id = ${current.id}`);
  }
  if (balance.payableCents <= 0) return { kind: 'nothing_due' };
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
  await tx.query(sql`insert into payments (id, registration_id, amount, currency, status, provider, provider_order_id,
       checkout_url, return_path, purpose, settles)
     values (${paymentId}, ${registrationId}, ${decimalEuros(balance.payableCents)}, 'EUR', 'pending', ${ctx.payments.name},
       ${order.providerOrderId}, ${order.checkoutUrl}, ${back}, 'balance', ${JSON.stringify(balance.overduePeriodIds)})`);
  return { kind: 'checkout', checkoutUrl: order.checkoutUrl };
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
  const english = tenant.language === 'en';
  const amount = euros(amountCents, english ? 'en' : 'es');
  await ctx.mailer.send(
    {
      to: tenant.email,
      versions: [
        english
          ? {
              language: 'en',
              subject: 'Payment received',
              greeting: `Hello ${tenant.full_name},`,
              blocks: [
                paragraph(`We have received your card payment of ${amount} for your storage rent. Thank you.`),
                paragraph(`Reference: ${payment.provider_order_id ?? payment.id}.`),
              ],
            }
          : {
              language: 'es',
              subject: 'Pago recibido',
              greeting: `Hola ${tenant.full_name}:`,
              blocks: [
                paragraph(`Hemos recibido tu pago con tarjeta de ${amount} del alquiler de tu trastero. Gracias.`),
                paragraph(`Referencia: ${payment.provider_order_id ?? payment.id}.`),
              ],
            },
      ],
    },
    tx,
  );
}
