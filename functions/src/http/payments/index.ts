import { postFunctions } from 'shared-api';
import { PaymentProviderError } from '../../adapters/payments';
import { findPayment, latestPayment, type PaymentRow, toPayment } from '../../modules/billing';
import { endUnfinishedPayment, startDepositCheckout } from '../../modules/rental';
import {
  holdsApplicantSession,
  requireApplicantSession,
  requireOpenRegistration,
  requireRegistration,
} from '../../modules/sign-up';
import { HttpError } from '../../platform/http-error';
import { commitThenRun } from '../../platform/jobs/queue';
import { jsonFunction } from '../router';

const SESSION_EXPIRED = 'Your session has expired. Please refresh the page and try again.';
const PROVIDER_BUSY = 'The payment provider could not be reached: try again in a moment.';

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
    const { payment, created } = await startDepositCheckout(ctx, input);
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
