import { randomUUID } from 'node:crypto';
import { PAYMENT_EXPIRY_MINUTES } from 'shared-api';
import { PaymentProviderError } from '../../../adapters/payments';
import type { FunctionContext } from '../../../context';
import { sql } from '../../../platform/db/sql';
import { HttpError, refusal } from '../../../platform/http-error';
import { commitThenRun } from '../../../platform/jobs/queue';
import { latestPayment, type PaymentRow } from '../../billing';
import { findProduct, readMetadata, requireOpenRegistration, touchRegistration, unitsFor } from '../../sign-up';
import { depositOf } from './deposit';
import { scheduleExpiry } from './deposit-settlement';
import { holdUnitsForDeposit } from './holds';

const CLIENT_FIRST = 'Create the client before paying the deposit.';
const ALREADY_PAID = 'The deposit is already paid.';

/** Where the checkout sends the applicant back: the review step they came from, or the Spanish one. */
function returnPath(requested: string | undefined, registrationId: string): string {
  const review = /^\/(es\/alta\/revision|en\/signup\/review)$/;
  const path = requested?.split('?')[0] ?? '';
  return review.test(path) ? `${path}?proceso=${registrationId}` : `/es/alta/revision?proceso=${registrationId}`;
}

/**
 * The deposit's checkout, for a registration whose client exists: the units it rents held first
 * (nobody pays for a unit someone else took), then the provider's order. One payment in flight per
 * registration: a repeated call returns the pending one (`created: false`).
 */
export async function startDepositCheckout(
  ctx: FunctionContext,
  input: { registrationId: string; amount: number; description: string; returnPath?: string | undefined },
): Promise<{ payment: PaymentRow; created: boolean }> {
  return commitThenRun(ctx, async (tx) => {
    const registration = await requireOpenRegistration(tx, input.registrationId);
    if (!registration.client_id) throw new HttpError(409, CLIENT_FIRST);
    const deposit = await depositOf(tx, registration);
    if (Math.abs(input.amount - deposit) > 0.005) {
      throw new HttpError(400, `The amount does not match the deposit (${deposit.toFixed(2)} EUR).`);
    }
    const current = await latestPayment(tx, registration.id);
    if (current?.status === 'completed') throw new HttpError(409, ALREADY_PAID);
    if (current && (current.status === 'pending' || current.status === 'processing')) {
      return { payment: current, created: false };
    }
    // The units are held before anything is charged: nobody pays for a unit someone else took.
    const chosen = readMetadata(registration.metadata).serviceDetails;
    const product = chosen ? await findProduct(tx, chosen.productId, registration.id) : null;
    if (chosen && product?.stockControl) {
      const count = unitsFor(product, chosen);
      if (!(await holdUnitsForDeposit(tx, ctx, { productId: product.pid, count, registrationId: registration.id }))) {
        throw refusal('product_out_of_stock');
      }
    }
    const paymentId = randomUUID();
    const expiresAt = new Date(ctx.clock.now().getTime() + PAYMENT_EXPIRY_MINUTES * 60_000);
    const back = returnPath(input.returnPath, registration.id);
    let order: { providerOrderId: string; checkoutUrl: string };
    try {
      order = await ctx.payments.createOrder({
        paymentId,
        amount: deposit,
        currency: 'EUR',
        description: input.description.slice(0, 200) || 'Fianza',
        customerEmail: registration.email,
        returnUrl: new URL(back, ctx.config.PUBLIC_SITE_URL).toString(),
      });
    } catch (error) {
      if (error instanceof PaymentProviderError) throw new HttpError(error.status, error.message);
      throw error;
    }
    await tx.query(sql`insert into payments (id, registration_id, amount, currency, status, provider, provider_order_id,
         checkout_url, return_path, expires_at)
       values (${paymentId}, ${registration.id}, ${deposit}, 'EUR', 'pending', ${ctx.payments.name}, ${order.providerOrderId}, ${order.checkoutUrl}, ${back}, ${expiresAt})`);
    await scheduleExpiry(tx, ctx, paymentId, expiresAt);
    await touchRegistration(tx, registration.id);
    return { payment: (await latestPayment(tx, registration.id)) as PaymentRow, created: true };
  });
}
