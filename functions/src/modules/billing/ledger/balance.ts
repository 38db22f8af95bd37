import type { Queryable } from '../../../platform/db';
import { sql } from '../../../platform/db/sql';

export interface TenantBalance {
  /** What the tenant was invoiced (credit notes less) minus what they paid: positive is owed. */
  balanceCents: number;
  /** Invoiced rent the bank has yet to collect, as scheduled: owed, but not overdue. */
  inCollectionCents: number;
  /** What the tenant can pay now to be up to date: the balance less what the bank will collect. */
  payableCents: number;
  /** The overdue rent periods (returned by the bank) that a payment of `payableCents` settles. */
  overduePeriodIds: string[];
}

/**
 * A tenant's balance, from their invoices and the money that moved. A rent period still to be
 * collected (sent to the bank, or scheduled and never returned) is left to the bank; an overdue
 * one is the tenant's to pay, with its late fee.
 */
export async function tenantBalance(q: Queryable, registrationId: string): Promise<TenantBalance> {
  const { rows } = await q.query<{ invoiced: string; moved: string; in_collection: string }>(
    sql`select
       (select coalesce(sum(total_cents), 0) from invoices where registration_id = ${registrationId})::text as invoiced,
       (select coalesce(sum(amount_cents), 0) from money_movements where registration_id = ${registrationId})::text as moved,
       (select coalesce(sum(p.amount_cents), 0) from rent_periods p
          where p.registration_id = ${registrationId}
            and exists (select 1 from invoices i where i.rent_period_id = p.id)
            and (p.status = 'submitted' or (p.status = 'scheduled' and p.overdue_since is null)))::text as in_collection`,
  );
  const { rows: overdue } = await q.query<{ id: string }>(
    sql`select id::text from rent_periods where registration_id = ${registrationId}
       and overdue_since is not null and status in ('scheduled', 'returned') order by due_date, id`,
  );
  const row = rows[0];
  const balanceCents = Number(row?.invoiced ?? 0) - Number(row?.moved ?? 0);
  const inCollectionCents = Number(row?.in_collection ?? 0);
  return {
    balanceCents,
    inCollectionCents,
    payableCents: Math.max(0, balanceCents - inCollectionCents),
    overduePeriodIds: overdue.map((p) => p.id),
  };
}

/** The overdue rent invoices a tenant can pay now, oldest first (what their pay link lists). */
export async function overdueItems(
  q: Queryable,
  registrationId: string,
): Promise<{ invoiceNumber: string; amountCents: number }[]> {
  const { rows } = await q.query<{ number: string; amount_cents: number }>(
    sql`select i.number, p.amount_cents from rent_periods p join invoices i on i.rent_period_id = p.id
     where p.registration_id = ${registrationId} and p.overdue_since is not null and p.status in ('scheduled', 'returned')
     order by p.due_date, p.id`,
  );
  return rows.map((row) => ({ invoiceNumber: row.number, amountCents: Number(row.amount_cents) }));
}
