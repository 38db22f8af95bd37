import type { Queryable } from '../../../platform/db';
import { sql } from '../../../platform/db/sql';
import { madridDate } from '../../../platform/madrid-time';

export interface RentRollLine {
  units: string[];
  registrationCode: string;
  tenant: string;
  /** The tenancy's first day: its first rent period's (the facility's calendar). */
  since: string;
  /** The rent of the tenancy's current (or last) period, VAT included. */
  rentCents: number;
  period: string | null;
  balanceCents: number;
  status: 'up_to_date' | 'in_arrears' | 'suspended';
}

/** Every tenancy letting units today, by unit: what each pays, since when, and what it owes. */
export async function rentRoll(q: Queryable, now: Date): Promise<RentRollLine[]> {
  const today = madridDate(now);
  const { rows } = await q.query<{
    units: string;
    registration_code: string;
    tenant: string;
    since: string | null;
    rent_cents: number | null;
    period: string | null;
    balance: string;
    overdue: boolean;
    suspended: boolean;
  }>(sql`select string_agg(u.unit_number, ' ' order by u.unit_number) as units, r.registration_code,
       coalesce(nullif(r.company_name, ''), r.full_name) as tenant,
       (select to_char(min(p.period_start), 'YYYY-MM-DD') from rent_periods p where p.registration_id = r.id) as since,
       (select p.amount_cents from rent_periods p where p.registration_id = r.id and p.status <> 'cancelled'
          and p.period_start <= ${today}::date order by p.period_start desc limit 1) as rent_cents,
       r.metadata->'serviceDetails'->>'period' as period,
       ((select coalesce(sum(i.total_cents), 0) from invoices i where i.registration_id = r.id)
         - (select coalesce(sum(m.amount_cents), 0) from money_movements m where m.registration_id = r.id))::text as balance,
       exists (select 1 from rent_periods p where p.registration_id = r.id and p.overdue_since is not null
          and p.status in ('scheduled', 'returned')) as overdue,
       r.access_suspended_at is not null as suspended
     from units u join registrations r on r.id = u.registration_id
     where u.status = 'occupied'
     group by r.id
     order by min(u.unit_number)`);
  return rows.map((row) => ({
    units: row.units.split(' '),
    registrationCode: row.registration_code,
    tenant: row.tenant,
    since: row.since ?? '',
    rentCents: Number(row.rent_cents ?? 0),
    period: row.period,
    balanceCents: Number(row.balance),
    status: row.suspended ? 'suspended' : row.overdue ? 'in_arrears' : 'up_to_date',
  }));
}
