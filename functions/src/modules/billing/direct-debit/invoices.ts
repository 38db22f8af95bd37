import { randomUUID } from 'node:crypto';
import type { Period } from 'shared-api';
import type { Queryable } from '../../../platform/db';
import { sql } from '../../../platform/db/sql';
import { madridDate } from '../../../platform/madrid-time';
import { splitVat, toCents } from '../invoicing/amounts';
import { type InvoicingContext, scheduleInvoices } from '../invoicing/issue';
import { collectionSchedule } from './schedule';

interface SignedMandateRow extends Record<string, unknown> {
  reference: string;
  registration_code: string;
}

/**
 * Move-in starts the rent: the schedule of collections under the registration's signed mandate,
 * from today (Madrid's calendar, on the service clock) at the chosen period's price, VAT included
 * (added when the published prices exclude it): the amount debited is the invoice's total. Returns how many were written;
 * none without a signed mandate or when a schedule exists already.
 */
export async function startRentSchedule(
  tx: Queryable,
  ctx: Pick<InvoicingContext, 'jobs' | 'clock' | 'config'>,
  registrationId: string,
  rent: { period: Period; amount: number; productName: string },
): Promise<number> {
  const { rows } = await tx.query<SignedMandateRow>(sql`select m.reference, r.registration_code
     from sepa_mandates m join registrations r on r.id = m.registration_id
     where m.registration_id = ${registrationId} and m.status = 'signed'
       and not exists (select 1 from rent_periods i where i.registration_id = m.registration_id)
     order by m.signed_at desc limit 1`);
  const mandate = rows[0];
  if (!mandate || rent.amount <= 0) return 0;
  const schedule = collectionSchedule({ start: madridDate(ctx.clock.now()), period: rent.period, amount: rent.amount });
  const periods: { id: string; periodStart: string }[] = [];
  for (const collection of schedule) {
    const id = randomUUID();
    await tx.query(sql`insert into rent_periods (id, registration_id, mandate_reference, sequence, period_start, period_end, due_date,
         amount_cents, sequence_type, end_to_end_id, description)
       values (${id}, ${registrationId}, ${mandate.reference}, ${collection.sequence}, ${collection.periodStart}, ${collection.periodEnd}, ${collection.dueDate}, ${splitVat(toCents(collection.amount), ctx.config.VAT_RATE_PERCENT, ctx.config.PRICES_INCLUDE_VAT === '1').totalCents}, ${collection.sequenceType}, ${`${mandate.reference}-${String(collection.sequence).padStart(3, '0')}`}, ${`Alquiler ${rent.productName} ${collection.periodStart} a ${collection.periodEnd} (${mandate.registration_code})`})`);
    periods.push({ id, periodStart: collection.periodStart });
  }
  // Each period's invoice on its first day (the first one now: the rental starts today).
  await scheduleInvoices(tx, ctx.jobs, periods);
  return schedule.length;
}
