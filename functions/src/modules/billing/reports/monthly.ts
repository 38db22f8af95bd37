import type { Queryable } from '../../../platform/db';
import { sql } from '../../../platform/db/sql';
import { madridDate } from '../../../platform/madrid-time';

interface MonthFigures {
  /** `YYYY-MM`, the facility's calendar. */
  month: string;
  /** Invoiced in the month (rent and fees, credit notes less). */
  dueCents: number;
  /** Received in the month: direct debits paid, card payments, payments at the office, deposits kept. */
  collectedCents: number;
  /** Collections the bank returned in the month. */
  returnedCents: number;
  /** Units let at the month's end (now, for the month under way). */
  occupiedUnits: number;
}

export interface MonthlyFigures {
  months: MonthFigures[];
  /** Units in service today: what the occupancy is out of. */
  unitsInService: number;
}

/** The first day of the month `count - 1` months before `date`'s (`YYYY-MM-DD`). */
function monthsBack(date: string, count: number): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 1 - (count - 1), 1));
  return first.toISOString().slice(0, 10);
}

/**
 * The last `count` months, the current one last: invoiced, collected and returned, and units let.
 * One query for all of them; months and days are the facility's (Madrid's).
 */
export async function monthlyFigures(q: Queryable, now: Date, count = 12): Promise<MonthlyFigures> {
  const today = madridDate(now);
  const { rows } = await q.query<{
    month: string;
    due: string;
    collected: string;
    returned: string;
    occupied: number;
  }>(sql`with months as (
       select m::date as month, (m + interval '1 month')::date as next
       from generate_series(${monthsBack(today, count)}::date, ${today}::date, interval '1 month') as m),
     bounds as (
       select month, next, least((next::timestamp at time zone 'Europe/Madrid'), ${now}::timestamptz) as counted_at,
         (month::timestamp at time zone 'Europe/Madrid') as starts, (next::timestamp at time zone 'Europe/Madrid') as ends
       from months)
     select to_char(b.month, 'YYYY-MM') as month,
       (select coalesce(sum(i.total_cents), 0) from invoices i where i.issue_date >= b.month and i.issue_date < b.next)::text as due,
       (select coalesce(sum(m.amount_cents), 0) from money_movements m
          where m.kind in ('direct_debit', 'card', 'office', 'deposit') and m.occurred_at >= b.starts and m.occurred_at < b.ends)::text as collected,
       (select coalesce(sum(p.amount_cents), 0) from collection_returns r join rent_periods p on p.id = r.rent_period_id
          where r.returned_at >= b.starts and r.returned_at < b.ends)::text as returned,
       (select count(*)::integer from unit_lettings l
          where l.let_from < b.counted_at and (l.let_until is null or l.let_until > b.counted_at)) as occupied
     from bounds b order by b.month`);
  const { rows: units } = await q.query<{ n: number }>(
    sql`select count(*)::integer as n from units where status <> 'out_of_service'`,
  );
  return {
    months: rows.map((row) => ({
      month: row.month,
      dueCents: Number(row.due),
      collectedCents: Number(row.collected),
      returnedCents: Number(row.returned),
      occupiedUnits: Number(row.occupied),
    })),
    unitsInService: units[0]?.n ?? 0,
  };
}
