import type { Queryable } from '../../platform/db';
import { toIso } from '../../platform/db/iso';
import { sql } from '../../platform/db/sql';
import type { VisitRules } from './slots';

interface RulesRow extends Record<string, unknown> {
  weekdays: number[];
  opens_at: string;
  closes_at: string;
  slot_minutes: number;
  capacity: number;
  booking_days: number;
  min_notice_minutes: number;
}

/** The slot rules (one row); `forUpdate` serialises bookings, which then cannot overfill a slot. */
export async function loadRules(q: Queryable, forUpdate = false): Promise<VisitRules> {
  const { rows } = await q.query<RulesRow>(
    sql`select weekdays, opens_at, closes_at, slot_minutes, capacity, booking_days, min_notice_minutes
     from visit_rules ${forUpdate ? sql`for update` : sql``}`,
  );
  const row = rows[0] as RulesRow;
  return {
    weekdays: row.weekdays.map(Number),
    opensAt: row.opens_at,
    closesAt: row.closes_at,
    slotMinutes: row.slot_minutes,
    capacity: row.capacity,
    bookingDays: row.booking_days,
    minNoticeMinutes: row.min_notice_minutes,
  };
}

export async function closedDates(q: Queryable): Promise<{ date: string; reason: string | null }[]> {
  const { rows } = await q.query<{ day: string; reason: string | null }>(
    sql`select to_char(day, 'YYYY-MM-DD') as day, reason from visit_closed_dates where day >= current_date - 1 order by day`,
  );
  return rows.map((row) => ({ date: row.day, reason: row.reason }));
}

/** A visit that takes its place at `now`: booked, or held still. */
export const takesPlace = (now: Date) => sql`(status = 'booked' or (status = 'pending' and hold_until > ${now}))`;

/** Places taken per start (ISO) from `from` on: confirmed visits and holds still live at `now`. */
export async function bookedCounts(q: Queryable, from: Date, now: Date): Promise<Map<string, number>> {
  const counted = sql`select starts_at, count(*)::int as booked from visits
    where ${takesPlace(now)} and starts_at >= ${from} group by starts_at`;
  const { rows } = await q.query<{ starts_at: Date | string; booked: number }>(counted);
  return new Map(rows.map((row) => [toIso(row.starts_at) ?? '', row.booked]));
}
