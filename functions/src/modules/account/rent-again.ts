import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { refusal } from '../../platform/http-error';
import type { Tenant } from './session';

/** New sign-ups a tenant may start from their account in an hour: a second unit, not a stock-holding script. */
const RENT_AGAIN_PER_HOUR = 3;

/**
 * Whether this session may start a sign-up from its rentals' data: they are one person's (a
 * family's shared e-mail hands nobody the other's ID papers), and not too many were started lately.
 */
export async function assertRentAgainAllowed(q: Queryable, tenant: Tenant): Promise<void> {
  const { rows } = await q.query<{ people: number; started: number }>(sql`select
       (select count(distinct upper(document_number))::int from registrations
         where id = any(${tenant.registrationIds}::uuid[])) as people,
       (select count(*)::int from staff_audit where action = 'account_rent_again'
         and staff_email = ${`inquilino:${tenant.contact.value}`} and created_at > now() - interval '1 hour') as started`);
  if ((rows[0]?.people ?? 0) > 1) throw refusal('shared_contact');
  if ((rows[0]?.started ?? 0) >= RENT_AGAIN_PER_HOUR) throw refusal('rent_again_throttled');
}
