import { TODAY_LIST_LIMIT } from 'shared-api/backoffice';
import type { FunctionContext } from '../../context';
import { toIso } from '../../platform/db/iso';
import { sql } from '../../platform/db/sql';
import { addDays, madridDate } from '../../platform/madrid-time';
import { toCents } from '../billing';
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
  // Signed (on the company's automatic signature) with documents nobody has reviewed yet, or a
  // tenant's replacement for a rejected one, oldest first: the door may be waiting on them.
  const toReview = await listRegistrations(
    ctx.db,
    { sort: 'createdAt', direction: 'asc', page: 1 },
    TODAY_LIST_LIMIT,
    sql`r.move_in_status in ('allocated', 'scheduled', 'awaiting_unit')
      and exists (select 1 from registration_documents d where d.registration_id = r.id and d.review_status = 'pending')`,
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
  // The week's move-outs, and the deposits of rentals ended still to go back.
  const { rows: moveOuts } = await ctx.db.query<{
    id: string;
    registration_code: string;
    full_name: string;
    units: string | null;
    move_out_on: string;
  }>(sql`select r.id::text, r.registration_code, r.full_name, to_char(r.move_out_on, 'YYYY-MM-DD') as move_out_on,
       (select string_agg(u.unit_number, ' ' order by u.unit_number) from units u where u.registration_id = r.id) as units
     from registrations r
     where r.move_in_status = 'allocated' and r.move_out_on between ${day}::date and ${addDays(day, 7)}::date
     order by r.move_out_on, r.registration_code limit ${TODAY_LIST_LIMIT}`);
  // Notices received this week (from the account or at the desk), newest first: whoever plans the units sees them.
  const { rows: notices } = await ctx.db.query<{
    id: string;
    registration_code: string;
    full_name: string;
    move_out_on: string;
    notice_given_at: Date | string;
  }>(sql`select r.id::text, r.registration_code, r.full_name, to_char(r.move_out_on, 'YYYY-MM-DD') as move_out_on,
       r.notice_given_at
     from registrations r
     where r.move_in_status = 'allocated' and r.move_out_on is not null
       and r.notice_given_at > ${new Date(ctx.clock.now().getTime() - 7 * 86_400_000)}
     order by r.notice_given_at desc limit ${TODAY_LIST_LIMIT}`);
  const { rows: deposits } = await ctx.db.query<{
    id: string;
    registration_code: string;
    full_name: string;
    rental_ended_at: Date | string;
    amount: string;
  }>(sql`select r.id::text, r.registration_code, r.full_name, r.rental_ended_at, p.amount::text
     from registrations r join payments p on p.registration_id = r.id
       and p.purpose = 'deposit' and p.status = 'completed' and p.refunded_at is null
     where r.move_in_status = 'ended' and r.rental_ended_at is not null
     order by r.rental_ended_at limit ${TODAY_LIST_LIMIT}`);
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
    documentsToReview: toReview.rows,
    documentsToReviewTotal: toReview.total,
    moveOuts: moveOuts.map((m) => ({
      registrationId: m.id,
      registrationCode: m.registration_code,
      fullName: m.full_name,
      units: m.units ? m.units.split(' ') : [],
      moveOutOn: m.move_out_on,
    })),
    noticesGiven: notices.map((n) => ({
      registrationId: n.id,
      registrationCode: n.registration_code,
      fullName: n.full_name,
      moveOutOn: n.move_out_on,
      givenAt: toIso(n.notice_given_at) ?? '',
    })),
    depositsToReturn: deposits.map((d) => ({
      registrationId: d.id,
      registrationCode: d.registration_code,
      fullName: d.full_name,
      endedAt: toIso(d.rental_ended_at) ?? '',
      depositCents: toCents(Number(d.amount)),
    })),
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
