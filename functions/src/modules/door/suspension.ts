import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';

/** What the keypad says to a suspended tenant with the right PIN: no amounts at the door. */
export const ACCESS_SUSPENDED = 'Acceso suspendido: contacta con la oficina';

/** Whether the door user's tenancy has its access suspended (staff and the admin never are). */
export async function accessSuspended(q: Queryable, doorUserId: string): Promise<boolean> {
  const { rows } = await q.query(sql`select 1 from door_users d join registrations r on r.id = d.registration_id
     where d.id = ${doorUserId} and r.access_suspended_at is not null`);
  return rows.length > 0;
}
