import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { type MoveInContext, moveIn } from './move-in';

/**
 * Units of a product came free: tenants who signed and paid but found no unit free at that
 * instant (awaiting_unit) are served before anyone on the waitlist, oldest first. Returns the
 * registrations that moved in.
 */
export async function serveAwaitingTenants(tx: Queryable, ctx: MoveInContext, productId: number): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>(sql`select r.id::text from registrations r
     where r.move_in_status = 'awaiting_unit' and r.metadata -> 'serviceDetails' ->> 'productId' = ${String(productId)}
       and exists (select 1 from payments p where p.registration_id = r.id and p.status = 'completed' and p.purpose = 'deposit')
     order by r.updated_at, r.id for update of r skip locked`);
  const served: string[] = [];
  for (const { id } of rows) {
    const { rows: free } = await tx.query<{ free: number }>(
      sql`select count(*)::integer as free from units where product_id = ${productId} and status = 'available'`,
    );
    if ((free[0]?.free ?? 0) === 0) break;
    const outcome = await moveIn(tx, ctx, id);
    // Not enough free for this one (it needs several): it keeps waiting, and the business already knows.
    if (outcome.status === 'allocated') served.push(id);
  }
  return served;
}
