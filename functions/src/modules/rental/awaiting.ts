import type { Queryable } from '../../platform/db';
import { type MoveInContext, moveIn } from './move-in';

/**
 * Units of a product came free: tenants who signed and paid but found no unit free at that
 * instant (awaiting_unit) are served before anyone on the waitlist, oldest first. Returns the
 * registrations that moved in.
 */
export async function serveAwaitingTenants(tx: Queryable, ctx: MoveInContext, productId: number): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>(
    `select r.id::text from registrations r
     where r.move_in_status = 'awaiting_unit' and r.metadata -> 'serviceDetails' ->> 'productId' = $1
       and exists (select 1 from payments p where p.registration_id = r.id and p.status = 'completed')
     order by r.updated_at, r.id for update of r skip locked`,
    [String(productId)],
  );
  const served: string[] = [];
  for (const { id } of rows) {
    const { rows: free } = await tx.query<{ free: number }>(
      `select count(*)::integer as free from units where product_id = $1 and status = 'available'`,
      [productId],
    );
    if ((free[0]?.free ?? 0) === 0) break;
    const outcome = await moveIn(tx, ctx, id);
    // Not enough free for this one (it needs several): it keeps waiting, and the business already knows.
    if (outcome.status === 'allocated') served.push(id);
  }
  return served;
}
