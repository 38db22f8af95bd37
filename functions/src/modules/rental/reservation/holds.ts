import type { Queryable } from '../../../platform/db';
import { sql } from '../../../platform/db/sql';
import type { JobQueue } from '../../../platform/jobs/queue';
import { unitsFreed } from '../../waitlist';
import { unitNumbersOf } from '../units';

/*
 * Units held for an applicant's deposit (status 'held', the registration set, no waitlist offer):
 * taken when the payment starts, so the last unit can never be paid for twice; kept once it is
 * paid, until the contract is signed (move-in occupies them) or staff refund the deposit; given
 * back as soon as the payment fails, is cancelled or expires.
 */

/**
 * Holds `count` units of a product for a registration, counting those already held for it (a
 * waitlist offer it took, an earlier attempt). Units it held of another product (it changed its
 * mind before paying) go back on sale. False, holding nothing new, when too few are free.
 */
export async function holdUnitsForDeposit(
  tx: Queryable,
  ctx: { jobs: Pick<JobQueue, 'schedule'> },
  { productId, count, registrationId }: { productId: number; count: number; registrationId: string },
): Promise<boolean> {
  const { rows: other } = await tx.query<{
    product_id: number;
  }>(sql`update units set status = 'available', registration_id = null, updated_at = now()
     where registration_id = ${registrationId} and status = 'held' and offer_id is null and product_id <> ${productId}
     returning product_id`);
  if (other.length)
    await unitsFreed(
      tx,
      ctx,
      other.map((row) => row.product_id),
    );
  const { rows: held } = await tx.query<{ unit_number: string }>(
    sql`select unit_number from units where product_id = ${productId} and status = 'held' and registration_id = ${registrationId} for update`,
  );
  const missing = count - held.length;
  if (missing <= 0) return true;
  // SKIP LOCKED: two applicants racing for the last unit do not wait on each other; one gets it.
  const { rows: free } = await tx.query<{
    unit_number: string;
  }>(sql`select unit_number from units where product_id = ${productId} and status = 'available'
     order by unit_number limit ${missing} for update skip locked`);
  if (free.length < missing) return false;
  await tx.query(
    sql`update units set status = 'held', registration_id = ${registrationId}, updated_at = now() where unit_number = any(${free.map((row) => row.unit_number)}::text[])`,
  );
  return true;
}

/** The deposit will not be paid (failed, cancelled, expired, refunded): its held units go back on sale. */
export async function releaseDepositHold(
  tx: Queryable,
  ctx: { jobs: Pick<JobQueue, 'schedule'> },
  registrationId: string,
): Promise<string[]> {
  const { rows } = await tx.query<{
    unit_number: string;
    product_id: number;
  }>(sql`update units set status = 'available', registration_id = null, updated_at = now()
     where registration_id = ${registrationId} and status = 'held' and offer_id is null
     returning unit_number, product_id`);
  if (rows.length)
    await unitsFreed(
      tx,
      ctx,
      rows.map((row) => row.product_id),
    );
  return rows.map((row) => row.unit_number).sort();
}

/** The units held for a registration (its deposit's or a waitlist offer's), by number. */
export const heldFor = (q: Queryable, registrationId: string) => unitNumbersOf(q, registrationId, 'held');

/**
 * Every unit still held for a registration (its deposit's or a waitlist offer's) goes back on
 * sale: the tenant was let other units, or left. The waitlist is offered them.
 */
export async function releaseAllHeld(
  tx: Queryable,
  ctx: { jobs: Pick<JobQueue, 'schedule'> },
  registrationId: string,
): Promise<void> {
  const { rows } = await tx.query<{
    product_id: number;
  }>(sql`update units set status = 'available', registration_id = null, offer_id = null, updated_at = now()
     where registration_id = ${registrationId} and status = 'held' returning product_id`);
  await unitsFreed(
    tx,
    ctx,
    rows.map((unit) => unit.product_id),
  );
}

/** Units held for a registration (a waitlist offer it took), by product. */
export async function heldForRegistration(q: Queryable, registrationId: string): Promise<Map<number, number>> {
  const { rows } = await q.query<{
    product_id: number;
    held: number;
  }>(sql`select product_id, count(*)::integer as held from units
     where status = 'held' and registration_id = ${registrationId} group by product_id`);
  return new Map(rows.map((row) => [row.product_id, row.held]));
}
