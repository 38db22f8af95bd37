import { TODAY_LIST_LIMIT } from 'shared-api/backoffice';
import type { FunctionContext } from '../../context';
import { toIso } from '../../platform/db/iso';
import { sql } from '../../platform/db/sql';
import { addDays, madridDate } from '../../platform/madrid-time';
import { catalogue } from '../catalogue';
import { visitsBetween } from '../visits';
import { listRegistrations } from './registrations';

/** Today at the desk: what came in, what was paid, what waits for the company, and how full the place is. */
export async function todayAtTheDesk(ctx: Pick<FunctionContext, 'db' | 'clock'>) {
  const recent = await listRegistrations(
    ctx.db,
    { sort: 'createdAt', direction: 'desc', page: 1 },
    5,
    sql`r.created_at > now() - interval '7 days'`,
  );
  const awaiting = await listRegistrations(
    ctx.db,
    { stage: 'awaiting_company', sort: 'createdAt', direction: 'asc', page: 1 },
    TODAY_LIST_LIMIT,
  );
  // Flagged until resolved, oldest first.
  const awaitingUnit = await listRegistrations(
    ctx.db,
    { sort: 'createdAt', direction: 'asc', page: 1 },
    TODAY_LIST_LIMIT,
    sql`r.move_in_status = 'awaiting_unit'`,
  );
  // "Today" is the facility's day, in Madrid, whatever the server's zone.
  const { rows: payments } = await ctx.db.query<{
    registration_id: string;
    registration_code: string;
    full_name: string;
    amount: string | number;
    completed_at: Date | string;
  }>(
    sql`select p.registration_id::text as registration_id, r.registration_code, r.full_name, p.amount, p.completed_at
     from payments p join registrations r on r.id = p.registration_id
     where p.status = 'completed'
       and (p.completed_at at time zone 'Europe/Madrid')::date = (now() at time zone 'Europe/Madrid')::date
     order by p.completed_at desc`,
  );
  const day = madridDate(ctx.clock.now());
  const visits = await visitsBetween(ctx.db, day, addDays(day, 1), true);
  return {
    visits: visits.slice(0, TODAY_LIST_LIMIT),
    visitsTotal: visits.length,
    newRegistrations: { lastSevenDays: recent.total, latest: recent.rows },
    payments: {
      today: payments.length,
      amountToday: payments.reduce((sum, p) => sum + Number(p.amount), 0),
      latest: payments.slice(0, 5).map((p) => ({
        registrationId: p.registration_id,
        registrationCode: p.registration_code,
        fullName: p.full_name,
        amount: Number(p.amount),
        completedAt: toIso(p.completed_at) ?? '',
      })),
    },
    awaitingCompany: awaiting.rows,
    awaitingCompanyTotal: awaiting.total,
    awaitingUnit: awaitingUnit.rows,
    awaitingUnitTotal: awaitingUnit.total,
    occupancy: (await catalogue(ctx.db)).map(
      ({ productId, name, nameEn, available, held, occupied, outOfService, total }) => ({
        productId,
        name,
        nameEn,
        available,
        held,
        occupied,
        outOfService,
        total,
      }),
    ),
  };
}
