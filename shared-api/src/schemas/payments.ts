import * as z from 'zod/mini';
import { registrationId } from './common';

export const PAYMENT_STATUSES = ['pending', 'processing', 'completed', 'failed', 'cancelled'] as const;
/** Why a payment ended without being paid: the card was declined, the applicant cancelled it, or nobody finished it in time. */
export const PAYMENT_END_REASONS = ['declined', 'cancelled', 'expired'] as const;

export const payment = z.object({
  id: z.string(),
  registration_id: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
  completed_at: z.nullable(z.string()),
  failed_at: z.nullable(z.string()),
  checkout_url: z.nullable(z.string()),
  /** A payment still pending or processing at this time is cancelled (and its units freed); nothing is charged. */
  expires_at: z.optional(z.nullable(z.string())),
  ended_reason: z.optional(z.nullable(z.enum(PAYMENT_END_REASONS))),
});
export type Payment = z.infer<typeof payment>;

/** The amount is checked against the server's own deposit figure; the browser never sets it. */
export const createPaymentRequest = z.object({
  registrationId,
  amount: z.number().check(z.positive(), z.lte(100_000)),
  currency: z.literal('EUR'),
  description: z.string(),
  fianzaType: z.literal('monthly'),
  paymentMethod: z.object({ type: z.literal('card') }),
  /** The review page to come back to after the checkout (a path on this site). */
  returnPath: z.optional(z.string().check(z.maxLength(200))),
});

export const createPaymentResponse = z.object({
  paymentId: z.string(),
  checkoutUrl: z.optional(z.string()),
  checkout_url: z.optional(z.string()),
  payment,
  message: z.optional(z.string()),
});

export const getPaymentStatusRequest = z.object({ registrationId });
export const getPaymentStatusResponse = z.object({ payment: z.nullable(payment) });

/** The applicant gives up the payment in flight (a card that never confirms), to pay again. */
export const cancelPaymentRequest = z.object({ registrationId });
export const cancelPaymentResponse = z.object({ payment: z.nullable(payment) });
