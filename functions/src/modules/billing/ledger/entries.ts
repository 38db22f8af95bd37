import type { Queryable } from '../../../platform/db';
import { sql } from '../../../platform/db/sql';
import { madridDate } from '../../../platform/madrid-time';

type LedgerKind =
  | 'invoice'
  | 'late_fee'
  | 'credit_note'
  | 'direct_debit'
  | 'card'
  | 'office'
  | 'refund'
  | 'deposit'
  | 'return';

export interface LedgerEntry {
  /** The day at the facility (Madrid). */
  date: string;
  kind: LedgerKind;
  /** The invoice's number, the collection's end-to-end id, the card order, or who recorded it. */
  reference: string;
  /** A return's reason code; the invoice a credit note corrects; why a refund was made. */
  detail: string | null;
  /** What it adds to the balance: an invoice owed (+), money received (−), a payment the bank took back (+). */
  amountCents: number;
  balanceCents: number;
  invoiceId: string | null;
}

interface Dated {
  at: Date;
  order: number;
  entry: Omit<LedgerEntry, 'balanceCents'>;
}

/**
 * A tenant's account, oldest first, with the balance after each line: their invoices, late fees and
 * credit notes, the money received (direct debit, card, at the office), and each collection the bank
 * returned (with what it took back, when it had been paid).
 */
export async function ledgerOf(q: Queryable, registrationId: string): Promise<LedgerEntry[]> {
  const { rows: invoices } = await q.query<{
    id: string;
    number: string;
    series: string;
    rent_period_id: string | null;
    recorded_at: string;
    total_cents: number;
    corrects: string | null;
    late_fee: boolean;
  }>(sql`select i.id::text, i.number, i.series, i.rent_period_id::text, i.recorded_at, i.total_cents,
       c.number as corrects, exists (select 1 from rent_periods p where p.late_fee_invoice_id = i.id) as late_fee
     from invoices i left join invoices c on c.id = i.corrects_invoice_id
     where i.registration_id = ${registrationId}`);
  const { rows: movements } = await q.query<{
    kind: 'direct_debit' | 'card' | 'office' | 'refund' | 'deposit';
    amount_cents: number;
    reference: string | null;
    reason: string | null;
    occurred_at: Date | string;
  }>(sql`select kind, amount_cents, reference, reason, occurred_at from money_movements
     where registration_id = ${registrationId} and kind <> 'direct_debit_return'`);
  const { rows: returns } = await q.query<{
    end_to_end_id: string;
    reason: string | null;
    returned_at: Date | string;
    taken_back: number | null;
  }>(sql`select r.end_to_end_id, r.reason, r.returned_at,
       (select -m.amount_cents from money_movements m
          where m.kind = 'direct_debit_return' and m.reference = r.end_to_end_id limit 1) as taken_back
     from collection_returns r join rent_periods p on p.id = r.rent_period_id
     where p.registration_id = ${registrationId}`);
  const dated: Dated[] = [
    ...invoices.map((i) => ({
      at: new Date(i.recorded_at),
      order: 0,
      entry: {
        date: madridDate(new Date(i.recorded_at)),
        kind: (i.series === 'R' ? 'credit_note' : i.late_fee ? 'late_fee' : 'invoice') as LedgerKind,
        reference: i.number,
        detail: i.corrects,
        amountCents: Number(i.total_cents),
        invoiceId: i.id,
      },
    })),
    ...movements.map((m) => ({
      at: new Date(m.occurred_at),
      order: 1,
      entry: {
        date: madridDate(new Date(m.occurred_at)),
        kind: m.kind,
        reference: m.reference ?? '',
        detail: m.reason,
        amountCents: -Number(m.amount_cents),
        invoiceId: null,
      },
    })),
    ...returns.map((r) => ({
      at: new Date(r.returned_at),
      order: 2,
      entry: {
        date: madridDate(new Date(r.returned_at)),
        kind: 'return' as const,
        reference: r.end_to_end_id,
        detail: r.reason,
        amountCents: Number(r.taken_back ?? 0),
        invoiceId: null,
      },
    })),
  ];
  dated.sort((a, b) => a.at.getTime() - b.at.getTime() || a.order - b.order);
  let balanceCents = 0;
  return dated.map(({ entry }) => {
    balanceCents += entry.amountCents;
    return { ...entry, balanceCents };
  });
}
