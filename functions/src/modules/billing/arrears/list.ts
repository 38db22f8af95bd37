import type { Queryable } from '../../../platform/db';
import { sql } from '../../../platform/db/sql';
import { madridDate } from '../../../platform/madrid-time';
import { daysBetween } from './rules';

export interface TenantInArrears {
  registrationId: string;
  registrationCode: string;
  name: string;
  units: string[];
  /** What they can pay now: overdue rent and fees (what the bank will still collect left out). */
  overdueCents: number;
  /** Since the oldest collection returned and unpaid; null when only fees are owed. */
  daysOverdue: number | null;
  access: 'open' | 'suspended_by_arrears' | 'suspended_by_staff' | 'suspended_for_documents';
  /** When they were last told of it (a return, the warning, the suspension). */
  lastContactAt: Date | null;
}

/**
 * Every tenant who owes money now, longest overdue first: one query over all tenancies (sums by
 * tenant), so the list stays quick with thousands of them.
 */
export async function tenantsInArrears(q: Queryable, now: Date): Promise<TenantInArrears[]> {
  const { rows } = await q.query<{
    id: string;
    registration_code: string;
    name: string;
    units: string | null;
    payable: string;
    since: string | null;
    access_suspended_by: string | null;
    arrears_contacted_at: Date | string | null;
  }>(sql`with invoiced as (select registration_id, sum(total_cents) as s from invoices group by registration_id),
       moved as (select registration_id, sum(amount_cents) as s from money_movements group by registration_id),
       collecting as (
         select p.registration_id, sum(p.amount_cents) as s from rent_periods p
         where (p.status = 'submitted' or (p.status = 'scheduled' and p.overdue_since is null))
           and exists (select 1 from invoices i where i.rent_period_id = p.id)
         group by p.registration_id),
       overdue as (
         select registration_id, min(overdue_since) as since from rent_periods
         where overdue_since is not null and status in ('scheduled', 'returned') group by registration_id),
       owing as (
         select r.id, r.registration_code, coalesce(nullif(r.company_name, ''), r.full_name) as name,
           (i.s - coalesce(m.s, 0) - coalesce(c.s, 0)) as payable, o.since,
           r.access_suspended_by, r.arrears_contacted_at
         from registrations r join invoiced i on i.registration_id = r.id
         left join moved m on m.registration_id = r.id
         left join collecting c on c.registration_id = r.id
         left join overdue o on o.registration_id = r.id
         where r.move_in_status in ('allocated', 'ended'))
     select w.id::text, w.registration_code, w.name, w.payable::text, to_char(w.since, 'YYYY-MM-DD') as since,
       w.access_suspended_by, w.arrears_contacted_at,
       (select string_agg(u.unit_number, ' ' order by u.unit_number) from units u where u.registration_id = w.id) as units
     from owing w where w.payable > 0
     order by w.since nulls last, w.payable desc, w.registration_code`);
  const today = madridDate(now);
  return rows.map((row) => ({
    registrationId: row.id,
    registrationCode: row.registration_code,
    name: row.name,
    units: row.units ? row.units.split(' ') : [],
    overdueCents: Number(row.payable),
    daysOverdue: row.since ? daysBetween(row.since, today) : null,
    access:
      row.access_suspended_by === 'arrears'
        ? 'suspended_by_arrears'
        : row.access_suspended_by === 'documents'
          ? 'suspended_for_documents'
          : row.access_suspended_by
            ? 'suspended_by_staff'
            : 'open',
    lastContactAt: row.arrears_contacted_at ? new Date(row.arrears_contacted_at) : null,
  }));
}
