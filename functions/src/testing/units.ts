import type { Queryable } from '../platform/db';
import { sql } from '../platform/db/sql';

/**
 * Leaves `available` of a product's free units available (first by number) and takes the rest
 * out of service: a product's stock is its available units, so this is how a test sets it.
 */
export async function setAvailableUnits(db: Queryable, productId: number, available: number): Promise<void> {
  const { rows } = await db.query<{ free: number }>(
    sql`select count(*)::integer as free from units where product_id = ${productId} and status in ('available', 'out_of_service')`,
  );
  if ((rows[0]?.free ?? 0) < available) throw new Error(`product ${productId} has fewer than ${available} free units`);
  await db.query(sql`update units set updated_at = now(), status = case
       when unit_number in (
         select unit_number from units where product_id = ${productId} and status in ('available', 'out_of_service')
         order by unit_number limit ${available}
       ) then 'available' else 'out_of_service' end
     where product_id = ${productId} and status in ('available', 'out_of_service')`);
}

/**
 * Between tests of the move-in loop: every unit a registration or an offer took is free again,
 * then the sign-ups, waitlist entries, tenants' door users, jobs and messages are gone. Units
 * first: a held unit must be held for someone, so it is let go before its holder.
 */
export async function resetMoveIns(db: Queryable): Promise<void> {
  await db.query(
    sql`update units set status = 'available', registration_id = null, offer_id = null
     where status = 'held' or registration_id is not null`,
  );
  // Tenants' door users before their registrations (whose deletion would unlink them).
  await db.query(sql`delete from door_users where registration_id is not null`);
  // Invoices outlive their tenancy by law; a test starts its numbering afresh.
  for (const table of [
    'invoices',
    'invoice_series',
    'invoice_chain',
    // Money outlives its tenancy too (the books keep it): a test counts its own.
    'money_movements',
    'registrations',
    'waitlist_requests',
    'jobs',
    'outbox',
  ])
    await db.query(sql`delete from ${sql.identifier(table)}`);
}
