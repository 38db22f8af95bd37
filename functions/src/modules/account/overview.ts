import { maskIban, type Period, type UploadType } from 'shared-api';
import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { madridDate } from '../../platform/madrid-time';
import { tenantBalance } from '../billing';
import { pendingMandateChange } from '../contracts';
import { earliestMoveOut, latestMoveOut } from '../rental';

/**
 * The tenant's rentals as their account shows them: units and sizes, since when, period and rent
 * now, the next collection, the balance, and whether the door opens. A few queries per rental: a
 * tenant has one or two.
 */
export async function tenancyOverview(q: Queryable, now: Date, registrationIds: string[]) {
  const today = madridDate(now);
  const { rows } = await q.query<{
    id: string;
    registration_code: string;
    active: boolean;
    suspended: boolean;
    period: Period | null;
    since: string | null;
    rent_cents: number | null;
    next_date: string | null;
    next_cents: number | null;
    move_out_on: string | null;
    move_in_status: 'allocated' | 'scheduled' | 'awaiting_unit' | 'ended';
    move_in_date: string | null;
    mandate_reference: string | null;
    debtor_iban: string | null;
  }>(sql`select r.id::text, to_char(r.move_out_on, 'YYYY-MM-DD') as move_out_on, r.registration_code, r.move_in_status = 'allocated' as active,
       r.move_in_status, r.metadata->'serviceDetails'->>'moveInDate' as move_in_date,
       r.access_suspended_at is not null as suspended, r.metadata->'serviceDetails'->>'period' as period,
       (select to_char(min(p.period_start), 'YYYY-MM-DD') from rent_periods p where p.registration_id = r.id) as since,
       (select p.amount_cents from rent_periods p where p.registration_id = r.id and p.status <> 'cancelled'
          and p.period_start <= ${today}::date order by p.period_start desc limit 1) as rent_cents,
       n.next_date, n.next_cents, m.reference as mandate_reference, m.debtor_iban
     from registrations r
     left join sepa_mandates m on m.registration_id = r.id and m.status = 'signed'
     left join lateral (
       select to_char(p.due_date, 'YYYY-MM-DD') as next_date, p.amount_cents as next_cents from rent_periods p
       where p.registration_id = r.id and p.status in ('scheduled', 'submitted') and p.overdue_since is null
         and p.due_date >= ${today}::date
       order by p.due_date limit 1) n on true
     where r.id = any(${registrationIds}::uuid[]) order by r.created_at`);
  const { rows: units } = await q.query<{ registration_id: string; unit_number: string; size_m3: string }>(
    sql`select u.registration_id::text, u.unit_number, p.size_m3::text from units u join products p on p.pid = u.product_id
     where u.registration_id = any(${registrationIds}::uuid[]) order by u.unit_number`,
  );
  // Rejected after the move-in, or its replacement not reviewed yet.
  const { rows: documents } = await q.query<{
    registration_id: string;
    document_type: UploadType;
    review_status: 'rejected' | 'pending';
    rejection_reason: string | null;
  }>(sql`select d.registration_id::text, d.document_type, d.review_status,
       coalesce(d.rejection_reason, d.previous_rejection_reason) as rejection_reason
     from registration_documents d join registrations r on r.id = d.registration_id
     where d.registration_id = any(${registrationIds}::uuid[]) and r.move_in_status <> 'ended'
       and (d.review_status = 'rejected'
         -- A replacement awaiting review, while the door waits for it (shut, or not open yet).
         or (d.review_status = 'pending' and d.previous_rejection_reason is not null
             and (r.access_suspended_by = 'documents' or r.move_in_status <> 'allocated')))
     order by d.document_type`);
  const tenancies = [];
  for (const row of rows) {
    const balance = await tenantBalance(q, row.id);
    const pending = row.mandate_reference ? await pendingMandateChange(q, row.id, now) : null;
    tenancies.push({
      registrationId: row.id,
      registrationCode: row.registration_code,
      active: row.active,
      status: row.move_in_status,
      moveInDate: row.move_in_status === 'scheduled' ? row.move_in_date : null,
      units: units
        .filter((u) => u.registration_id === row.id)
        .map((u) => ({ unitNumber: u.unit_number, sizeM3: Number(u.size_m3) })),
      since: row.since,
      period: row.period,
      rentCents: row.rent_cents === null ? null : Number(row.rent_cents),
      nextCollection:
        row.next_date && row.next_cents !== null ? { date: row.next_date, amountCents: Number(row.next_cents) } : null,
      balanceCents: balance.balanceCents,
      inCollectionCents: balance.inCollectionCents,
      payableCents: balance.payableCents,
      accessSuspended: row.suspended,
      moveOutOn: row.move_out_on,
      earliestMoveOut: earliestMoveOut(today),
      latestMoveOut: latestMoveOut(today),
      documents: documents
        .filter((d) => d.registration_id === row.id)
        .map((d) => ({ documentType: d.document_type, status: d.review_status, reason: d.rejection_reason })),
      bankAccount:
        row.mandate_reference && row.debtor_iban
          ? {
              maskedIban: maskIban(row.debtor_iban),
              mandateReference: row.mandate_reference,
              pendingChange: pending
                ? { maskedIban: pending.maskedIban, requestedAt: pending.requestedAt.toISOString() }
                : null,
            }
          : null,
    });
  }
  return tenancies;
}

/** The tenant's invoices and credit notes, newest first. */
export async function tenantInvoices(q: Queryable, registrationIds: string[]) {
  const { rows } = await q.query<{
    id: string;
    registration_code: string;
    number: string;
    issue_date: string;
    series: string;
    late_fee: boolean;
    total_cents: number;
  }>(sql`select i.id::text, r.registration_code, i.number, to_char(i.issue_date, 'YYYY-MM-DD') as issue_date, i.series,
       exists (select 1 from rent_periods p where p.late_fee_invoice_id = i.id) as late_fee, i.total_cents
     from invoices i join registrations r on r.id = i.registration_id
     where i.registration_id = any(${registrationIds}::uuid[])
     order by i.issue_date desc, i.number desc`);
  return rows.map((row) => ({
    invoiceId: row.id,
    registrationCode: row.registration_code,
    number: row.number,
    issueDate: row.issue_date,
    kind: row.series === 'R' ? ('credit_note' as const) : row.late_fee ? ('late_fee' as const) : ('invoice' as const),
    totalCents: Number(row.total_cents),
  }));
}

/** Whose an invoice is: its tenancy, or null (unknown). */
export async function invoiceTenancy(q: Queryable, invoiceId: string): Promise<string | null> {
  const { rows } = await q.query<{ registration_id: string | null }>(
    sql`select registration_id::text from invoices where id = ${invoiceId}`,
  );
  return rows[0]?.registration_id ?? null;
}
