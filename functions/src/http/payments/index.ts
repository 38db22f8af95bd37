import { randomUUID } from 'node:crypto';
import { PAYMENT_EXPIRY_MINUTES, postFunctions } from 'shared-api';
import { PaymentProviderError } from '../../adapters/payments';
import { findPayment, latestPayment, type PaymentRow, toPayment } from '../../modules/billing';
import { depositOf, endUnfinishedPayment, holdUnitsForDeposit, scheduleExpiry } from '../../modules/rental';
import {
  findProduct,
  holdsApplicantSession,
  readMetadata,
  requireApplicantSession,
  requireOpenRegistration,
  requireRegistration,
  touchRegistration,
  unitsFor,
} from '../../modules/sign-up';
import { HttpError, refusal } from '../../platform/http-error';
import { commitThenRun } from '../../platform/jobs/queue';
import { jsonFunction } from '../router';

const SESSION_EXPIRED = 'Your session has expired. Please refresh the page and try again.';
const CLIENT_FIRST = 'Create the client before paying the deposit.';
const ALREADY_PAID = 'The deposit is already paid.';
const PROVIDER_BUSY = 'The payment provider could not be reached: try again in a moment.';

/** Where the checkout sends the applicant back: the review step they came from, or the Spanish one. */
function returnPath(requested: string | undefined, registrationId: string): string {
  const review = /^\/(es\/alta\/revision|en\/signup\/review)$/;
  const path = requested?.split('?')[0] ?? '';
  return review.test(path) ? `${path}?proceso=${registrationId}` : `/es/alta/revision?proceso=${registrationId}`;
}

/**
 * POST create-revolut-payment: the deposit for a registration whose client exists. One
 * payment in flight per registration: a repeated call returns the pending one.
 */
export const createPaymentFunction = jsonFunction(
  'create-revolut-payment',
  postFunctions['create-revolut-payment'],
  async (input, ctx, meta) => {
    // §8's own message for the check before paying.
    if (!(await holdsApplicantSession(ctx.db, meta, input.registrationId))) throw new HttpError(401, SESSION_EXPIRED);
    const { payment, created } = await commitThenRun(ctx, async (tx) => {
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
      await tx.query(
        `insert into payments (id, registration_id, amount, currency, status, provider, provider_order_id,
           checkout_url, return_path, expires_at)
         values ($1, $2, $3, 'EUR', 'pending', $4, $5, $6, $7, $8)`,
        [
          paymentId,
          registration.id,
          deposit,
          ctx.payments.name,
          order.providerOrderId,
          order.checkoutUrl,
          back,
          expiresAt,
        ],
      );
      await scheduleExpiry(tx, ctx, paymentId, expiresAt);
      await touchRegistration(tx, registration.id);
      return { payment: (await latestPayment(tx, registration.id)) as PaymentRow, created: true };
    });
    return {
      paymentId: payment.id,
      checkoutUrl: payment.checkout_url ?? undefined,
      checkout_url: payment.checkout_url ?? undefined,
      payment: toPayment(payment),
      message: created ? 'Payment created' : 'Payment already in progress',
    };
  },
);

/** POST get-payment-status: the registration's latest payment, or null. */
export const getPaymentStatusFunction = jsonFunction(
  'get-payment-status',
  postFunctions['get-payment-status'],
  async ({ registrationId }, ctx, meta) => {
    await requireApplicantSession(ctx.db, meta, registrationId);
    await requireRegistration(ctx.db, registrationId);
    const row = await latestPayment(ctx.db, registrationId);
    return { payment: row ? toPayment(row) : null };
  },
);

/**
 * POST cancel-payment: the applicant gives up the payment in flight (the bank never confirms,
 * another card is wanted). Asked of the provider first: one it completed stays completed.
 */
export const cancelPaymentFunction = jsonFunction(
  'cancel-payment',
  postFunctions['cancel-payment'],
  async ({ registrationId }, ctx, meta) => {
    if (!(await holdsApplicantSession(ctx.db, meta, registrationId))) throw new HttpError(401, SESSION_EXPIRED);
    const payment = await commitThenRun(ctx, async (tx) => {
      await requireOpenRegistration(tx, registrationId);
      const current = await latestPayment(tx, registrationId);
      if (!current) return null;
      const locked = (await findPayment(tx, current.id, true)) as PaymentRow;
      try {
        return await endUnfinishedPayment(tx, ctx, locked, 'cancelled');
      } catch (error) {
        if (error instanceof PaymentProviderError) throw new HttpError(502, PROVIDER_BUSY);
        throw error;
      }
    });
    return { payment: payment ? toPayment(payment) : null };
  },
);
