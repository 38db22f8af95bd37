import { randomUUID } from 'node:crypto';
import type { Period } from 'shared-api';
import type { Queryable } from '../../../platform/db';
import { sql } from '../../../platform/db/sql';
import type { Collection } from './pain008';
import { collectionSchedule, type IsoDate } from './schedule';

interface SignedMandateRow extends Record<string, unknown> {
  reference: string;
  registration_code: string;
}

/**
 * Move-in starts the rent: the schedule of collections under the registration's signed mandate,
 * from today (Madrid's calendar) at the chosen period's price. Returns how many were written;
 * none without a signed mandate or when a schedule exists already.
 */
export async function startRentSchedule(
  tx: Queryable,
  registrationId: string,
  rent: { period: Period; amount: number; productName: string },
): Promise<number> {
  const { rows } = await tx.query<
    SignedMandateRow & { today: string }
  >(sql`select m.reference, r.registration_code, to_char(now() at time zone 'Europe/Madrid', 'YYYY-MM-DD') as today
     from sepa_mandates m join registrations r on r.id = m.registration_id
     where m.registration_id = ${registrationId} and m.status = 'signed'
       and not exists (select 1 from invoices i where i.registration_id = m.registration_id)
     order by m.signed_at desc limit 1`);
  const mandate = rows[0];
  if (!mandate || rent.amount <= 0) return 0;
  const schedule = collectionSchedule({ start: mandate.today, period: rent.period, amount: rent.amount });
  for (const collection of schedule) {
    await tx.query(sql`insert into invoices (id, registration_id, mandate_reference, sequence, period_start, period_end, due_date,
         amount, sequence_type, end_to_end_id, description)
       values (${randomUUID()}, ${registrationId}, ${mandate.reference}, ${collection.sequence}, ${collection.periodStart}, ${collection.periodEnd}, ${collection.dueDate}, ${collection.amount}, ${collection.sequenceType}, ${`${mandate.reference}-${String(collection.sequence).padStart(3, '0')}`}, ${`Alquiler ${rent.productName} ${collection.periodStart} a ${collection.periodEnd} (${mandate.registration_code})`})`);
  }
  return schedule.length;
}

/** The scheduled collections due on a date under signed mandates: what that day's remittance carries. */
export async function collectionsDue(q: Queryable, dueDate: IsoDate): Promise<Collection[]> {
  const { rows } = await q.query<{
    end_to_end_id: string;
    amount: string;
    sequence_type: 'FRST' | 'RCUR';
    due_date: string;
    mandate_reference: string;
    signed_on: string;
    debtor_name: string;
    debtor_iban: string;
    description: string;
  }>(sql`select i.end_to_end_id, i.amount::text, i.sequence_type, to_char(i.due_date, 'YYYY-MM-DD') as due_date,
       i.mandate_reference, to_char(m.signed_at at time zone 'Europe/Madrid', 'YYYY-MM-DD') as signed_on,
       m.debtor_name, m.debtor_iban, i.description
     from invoices i join sepa_mandates m on m.reference = i.mandate_reference
     where i.due_date = ${dueDate}::date and i.status = 'scheduled' and m.status = 'signed'
     order by i.end_to_end_id`);
  return rows.map((row) => ({
    endToEndId: row.end_to_end_id,
    amount: Number(row.amount),
    sequenceType: row.sequence_type,
    dueDate: row.due_date,
    mandateReference: row.mandate_reference,
    mandateSignedOn: row.signed_on,
    debtorName: row.debtor_name,
    debtorIban: row.debtor_iban,
    remittanceInformation: row.description,
  }));
}
