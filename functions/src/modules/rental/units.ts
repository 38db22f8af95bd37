import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import type { JobQueue } from '../../platform/jobs/queue';
import { unitsFreed } from '../waitlist';

/**
 * Takes `count` units of a product for a registration: those held for it first (a waitlist offer
 * it took), then available ones, first free by number; none at all when fewer are free. Inside
 * the caller's transaction: the rows are locked, and a competing allocation skips them (SKIP
 * LOCKED) instead of waiting for the same units, so two applicants can never be given one unit.
 */
export async function occupyUnits(
  q: Queryable,
  { productId, count, registrationId }: { productId: number; count: number; registrationId: string },
): Promise<string[] | null> {
  const { rows } = await q.query<{ unit_number: string }>(sql`select unit_number from units
     where product_id = ${productId} and (status = 'available' or (status = 'held' and registration_id = ${registrationId}))
     order by status = 'held' desc, unit_number limit ${count} for update skip locked`);
  if (rows.length < count) return null;
  const unitNumbers = rows.map((row) => row.unit_number);
  await q.query(sql`update units set status = 'occupied', registration_id = ${registrationId}, offer_id = null, updated_at = now()
     where unit_number = any(${unitNumbers}::text[])`);
  return unitNumbers;
}

/** The units of a registration in `status` (held for it, or occupied by it), by number. */
export async function unitNumbersOf(
  q: Queryable,
  registrationId: string,
  status: 'held' | 'occupied',
): Promise<string[]> {
  const { rows } = await q.query<{ unit_number: string }>(
    sql`select unit_number from units where registration_id = ${registrationId} and status = ${status} order by unit_number`,
  );
  return rows.map((row) => row.unit_number);
}

/** The units a registration occupies, by number. */
export const unitsOf = (q: Queryable, registrationId: string) => unitNumbersOf(q, registrationId, 'occupied');

/**
 * A unit out of service is available again (a repair done); the waitlist is offered it. Returns
 * false when the unit was not out of service.
 */
export async function returnUnitToService(
  tx: Queryable,
  ctx: { jobs: Pick<JobQueue, 'schedule'> },
  unitNumber: string,
): Promise<boolean> {
  const { rows } = await tx.query<{ product_id: number }>(sql`update units set status = 'available', updated_at = now()
     where unit_number = ${unitNumber} and status = 'out_of_service' returning product_id`);
  if (!rows[0]) return false;
  await unitsFreed(tx, ctx, [rows[0].product_id]);
  return true;
}
