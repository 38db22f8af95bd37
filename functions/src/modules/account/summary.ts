import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';

/** A tenant's tenancies as their account lists them: code, units let now, under way or ended. */
export async function tenancySummaries(q: Queryable, registrationIds: string[]) {
  const { rows } = await q.query<{ id: string; registration_code: string; active: boolean; units: string | null }>(
    sql`select r.id::text, r.registration_code, r.move_in_status = 'allocated' as active,
       (select string_agg(u.unit_number, ' ' order by u.unit_number) from units u where u.registration_id = r.id) as units
     from registrations r where r.id = any(${registrationIds}::uuid[]) order by r.created_at`,
  );
  return rows.map((row) => ({
    registrationId: row.id,
    registrationCode: row.registration_code,
    units: row.units ? row.units.split(' ') : [],
    active: row.active,
  }));
}

/** The e-mail and mobile the tenant's rentals have on file now (their newest rental's). */
export async function tenantContacts(q: Queryable, registrationIds: string[]) {
  const { rows } = await q.query<{ email: string; phone: string }>(sql`select email, phone from registrations
     where id = any(${registrationIds}::uuid[]) order by created_at desc limit 1`);
  return { email: rows[0]?.email ?? '', phone: rows[0]?.phone ?? '' };
}
