import type { BookedVisit, VisitRulesForm } from 'shared-api/backoffice';
import type { FunctionContext } from '../../context';
import type { Queryable } from '../../platform/db';
import { toIso } from '../../platform/db/iso';
import { sql } from '../../platform/db/sql';
import { HttpError } from '../../platform/http-error';
import { commitThenRun } from '../../platform/jobs/queue';
import { fromMadrid } from '../../platform/madrid-time';
import { type Actor, recordAudit } from '../staff';
import { cancelVisit, tellVisitCancelledByStaff } from './book';
import { closedDates, loadRules } from './records';

interface VisitRow extends Record<string, unknown> {
  id: string;
  starts_at: Date | string;
  ends_at: Date | string;
  full_name: string;
  phone: string;
  email: string;
  language: 'es' | 'en';
  status: 'booked' | 'cancelled';
  cancelled_by: string | null;
}

const VISIT_COLUMNS = sql`id::text as id, starts_at, ends_at, full_name, phone, email, language, status, cancelled_by`;

const toVisit = (row: VisitRow): BookedVisit => ({
  visitId: row.id,
  startsAt: toIso(row.starts_at) ?? '',
  endsAt: toIso(row.ends_at) ?? '',
  fullName: row.full_name,
  phone: row.phone,
  email: row.email,
  language: row.language,
  status: row.status,
  cancelledBy: row.cancelled_by,
});

/** The visits between two of the facility's dates (`to` excluded), by time. */
export async function visitsBetween(
  q: Queryable,
  from: string,
  to: string,
  bookedOnly = false,
): Promise<BookedVisit[]> {
  const { rows } = await q.query<VisitRow>(
    // Held places not confirmed yet are nobody's visit: staff see confirmed ones (and cancelled).
    sql`select ${VISIT_COLUMNS} from visits where starts_at >= ${fromMadrid(from, '00:00').toISOString()} and starts_at < ${fromMadrid(to, '00:00').toISOString()}
       ${bookedOnly ? sql`and status = 'booked'` : sql`and status in ('booked', 'cancelled')`}
     order by starts_at, created_at`,
  );
  return rows.map(toVisit);
}

/** Staff cancel a booked visit; the visitor is told once, however often it is pressed. */
export async function cancelVisitByStaff(ctx: FunctionContext, actor: Actor, visitId: string) {
  return commitThenRun(ctx, async (tx) => {
    const cancelled = await cancelVisit(tx, visitId, actor.email);
    const { rows } = await tx.query<VisitRow>(sql`select ${VISIT_COLUMNS} from visits where id = ${visitId}`);
    if (!rows[0]) throw new HttpError(404, 'Visit not found');
    const visit = toVisit(rows[0]);
    // Twice (two tabs): cancelled once, audited once.
    if (cancelled) {
      await recordAudit(tx, actor, {
        action: 'cancel_visit',
        target: `visit:${visit.startsAt}:${visit.fullName}`,
        before: { status: 'booked' },
        after: { status: 'cancelled' },
      });
      await tellVisitCancelledByStaff(tx, ctx, visitId);
    }
    return { visit };
  });
}

/** Staff cancel several visits at once (a closed day); those already begun are left alone. */
export async function cancelVisitsByStaff(ctx: FunctionContext, actor: Actor, visitIds: string[]) {
  return commitThenRun(ctx, async (tx) => {
    let cancelled = 0;
    for (const visitId of new Set(visitIds)) {
      // A visit that has begun is history: nobody is told it was cancelled.
      const { rows: when } = await tx.query<{ starts_at: Date | string }>(
        sql`select starts_at from visits where id = ${visitId}`,
      );
      if (!when[0] || new Date(when[0].starts_at) <= ctx.clock.now()) continue;
      if (!(await cancelVisit(tx, visitId, actor.email))) continue;
      cancelled += 1;
      const { rows } = await tx.query<VisitRow>(sql`select ${VISIT_COLUMNS} from visits where id = ${visitId}`);
      const visit = rows[0] ? toVisit(rows[0]) : null;
      await recordAudit(tx, actor, {
        action: 'cancel_visit',
        target: `visit:${visit?.startsAt ?? visitId}:${visit?.fullName ?? ''}`,
        before: { status: 'booked' },
        after: { status: 'cancelled', bulk: true },
      });
      await tellVisitCancelledByStaff(tx, ctx, visitId);
    }
    return { cancelled };
  });
}

/** A manager sets the slots visits are booked in. */
export async function setVisitRules(ctx: FunctionContext, actor: Actor, rules: VisitRulesForm) {
  return ctx.db.transaction(async (tx) => {
    const before = await loadRules(tx, true);
    await tx.query(sql`update visit_rules set weekdays = ${[...new Set(rules.weekdays)].sort()}::integer[], opens_at = ${rules.opensAt}, closes_at = ${rules.closesAt}, slot_minutes = ${rules.slotMinutes}, capacity = ${rules.capacity},
         booking_days = ${rules.bookingDays}, min_notice_minutes = ${rules.minNoticeMinutes}, updated_at = now()`);
    const after = await loadRules(tx);
    await recordAudit(tx, actor, { action: 'set_visit_rules', target: 'visit_rules', before, after });
    return { rules: after };
  });
}

/** A manager closes a day to visits (or opens it again). */
export async function setClosedDate(
  ctx: FunctionContext,
  actor: Actor,
  { date, closed, reason }: { date: string; closed: boolean; reason?: string | undefined },
) {
  return ctx.db.transaction(async (tx) => {
    if (closed) {
      await tx.query(sql`insert into visit_closed_dates (day, reason) values (${date}::date, ${reason || null})
         on conflict (day) do update set reason = excluded.reason`);
    } else {
      await tx.query(sql`delete from visit_closed_dates where day = ${date}::date`);
    }
    await recordAudit(tx, actor, {
      action: closed ? 'close_date' : 'open_date',
      target: `date:${date}`,
      after: closed ? { reason: reason || null } : undefined,
    });
    return { closedDates: await closedDates(tx) };
  });
}
