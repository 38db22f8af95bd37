import type { Payment } from 'shared-api';
import type { Queryable } from '../../platform/db';
import { toIso } from '../../platform/db/iso';
import { sql } from '../../platform/db/sql';

export interface PaymentRow extends Record<string, unknown> {
  id: string;
  registration_id: string;
  amount: string;
  currency: string;
  status: Payment['status'];
  provider: string;
  provider_order_id: string | null;
  checkout_url: string | null;
  return_path: string;
  failure_reason: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  completed_at: Date | string | null;
  failed_at: Date | string | null;
  expires_at: Date | string | null;
  refunded_at: Date | string | null;
  /** A sign-up's deposit, or a tenant's overdue balance paid through their pay link. */
  purpose: 'deposit' | 'balance';
}

export function toPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    registration_id: row.registration_id,
    amount: Number(row.amount),
    currency: row.currency,
    status: row.status,
    created_at: toIso(row.created_at) ?? '',
    updated_at: toIso(row.updated_at) ?? '',
    completed_at: toIso(row.completed_at),
    failed_at: toIso(row.failed_at),
    checkout_url: row.checkout_url,
    expires_at: toIso(row.expires_at),
    ended_reason: endedReason(row),
  };
}

/** Why a payment ended unpaid, from the reason stored with it. */
function endedReason(row: PaymentRow): Payment['ended_reason'] {
  if (row.status === 'failed') return 'declined';
  if (row.status !== 'cancelled') return null;
  return row.failure_reason === 'Payment expired' ? 'expired' : 'cancelled';
}

export async function latestPayment(q: Queryable, registrationId: string): Promise<PaymentRow | null> {
  const { rows } =
    await q.query<PaymentRow>(sql`select id::text, registration_id::text, amount::text, currency, status, provider, provider_order_id, checkout_url,
       return_path, failure_reason, created_at, updated_at, completed_at, failed_at, expires_at,
       refunded_at, purpose
     from payments where registration_id = ${registrationId} and purpose = 'deposit' order by created_at desc, id desc limit 1`);
  return rows[0] ?? null;
}

export async function findPayment(q: Queryable, paymentId: string, forUpdate = false): Promise<PaymentRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(paymentId)) return null;
  const { rows } =
    await q.query<PaymentRow>(sql`select id::text, registration_id::text, amount::text, currency, status, provider, provider_order_id, checkout_url,
       return_path, failure_reason, created_at, updated_at, completed_at, failed_at, expires_at,
       refunded_at, purpose
     from payments where id = ${paymentId}${forUpdate ? sql` for update` : sql``}`);
  return rows[0] ?? null;
}

/**
 * A provider's verdict on a payment. A final state (completed, failed, cancelled) is never
 * changed again, so a late or repeated webhook cannot undo a payment. Returns the payment's
 * registration and what it paid for when it changed, else null (the caller, rental's
 * settlePayment, does what follows: a deposit's held units freed, a balance applied).
 */
export async function applyPaymentOutcome(
  q: Queryable,
  paymentId: string,
  outcome: 'processing' | 'completed' | 'failed' | 'cancelled',
  reason?: string,
): Promise<{ registrationId: string; purpose: PaymentRow['purpose'] } | null> {
  const { rows } = await q.query<{
    registration_id: string;
    purpose: PaymentRow['purpose'];
  }>(sql`update payments set status = ${outcome}, updated_at = now(),
       completed_at = case when ${outcome} = 'completed' then now() else completed_at end,
       failed_at = case when ${outcome} in ('failed', 'cancelled') then now() else failed_at end,
       failure_reason = coalesce(${reason ?? null}, failure_reason)
     where id = ${paymentId} and status in ('pending', 'processing') returning registration_id::text, purpose`);
  const row = rows[0];
  return row ? { registrationId: row.registration_id, purpose: row.purpose } : null;
}

/** The payment a provider's order is, by the provider's own order id. */
export async function paymentOfOrder(q: Queryable, provider: string, orderId: string): Promise<{ id: string } | null> {
  const { rows } = await q.query<{ id: string }>(
    sql`select id::text from payments where provider = ${provider} and provider_order_id = ${orderId}`,
  );
  return rows[0] ?? null;
}
