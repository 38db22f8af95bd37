import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../../platform/db';
import { sql } from '../../../platform/db/sql';

export type MovementKind = 'direct_debit' | 'direct_debit_return' | 'card' | 'office' | 'refund' | 'deposit';

/** Money that moved for what a tenant was invoiced: received (positive) or given back (negative). */
export async function recordMovement(
  tx: Queryable,
  movement: {
    registrationId: string;
    kind: MovementKind;
    amountCents: number;
    rentPeriodId?: string | null;
    paymentId?: string | null;
    reference: string | null;
    at: Date;
    /** Why, for a refund. */
    reason?: string;
  },
): Promise<void> {
  if (!Number.isInteger(movement.amountCents) || movement.amountCents === 0) {
    throw new RangeError('a movement is a non-zero number of cents');
  }
  await tx.query(sql`insert into money_movements (id, registration_id, kind, amount_cents, rent_period_id, payment_id, reference, occurred_at, reason)
     values (${randomUUID()}, ${movement.registrationId}, ${movement.kind}, ${movement.amountCents},
       ${movement.rentPeriodId ?? null}, ${movement.paymentId ?? null}, ${movement.reference}, ${movement.at}, ${movement.reason ?? null})`);
}
