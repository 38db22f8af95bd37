import type { Queryable } from '../../../platform/db';
import type { JobQueue } from '../../../platform/jobs/queue';
import { unitsFreed } from '../../waitlist';

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
  const { rows: other } = await tx.query<{ product_id: number }>(
    `update units set status = 'available', registration_id = null, updated_at = now()
     where registration_id = $1 and status = 'held' and offer_id is null and product_id <> $2
     returning product_id`,
    [registrationId, productId],
  );
  if (other.length)
    await unitsFreed(
      tx,
      ctx,
      other.map((row) => row.product_id),
    );
  const { rows: held } = await tx.query<{ unit_number: string }>(
    `select unit_number from units where product_id = $1 and status = 'held' and registration_id = $2 for update`,
    [productId, registrationId],
  );
  const missing = count - held.length;
  if (missing <= 0) return true;
  // SKIP LOCKED: two applicants racing for the last unit do not wait on each other; one gets it.
  const { rows: free } = await tx.query<{ unit_number: string }>(
    `select unit_number from units where product_id = $1 and status = 'available'
     order by unit_number limit $2 for update skip locked`,
    [productId, missing],
  );
  if (free.length < missing) return false;
  await tx.query(
    `update units set status = 'held', registration_id = $2, updated_at = now() where unit_number = any($1::text[])`,
    [free.map((row) => row.unit_number), registrationId],
  );
  return true;
}

/** The deposit will not be paid (failed, cancelled, expired, refunded): its held units go back on sale. */
export async function releaseDepositHold(
  tx: Queryable,
  ctx: { jobs: Pick<JobQueue, 'schedule'> },
  registrationId: string,
): Promise<string[]> {
  const { rows } = await tx.query<{ unit_number: string; product_id: number }>(
    `update units set status = 'available', registration_id = null, updated_at = now()
     where registration_id = $1 and status = 'held' and offer_id is null
     returning unit_number, product_id`,
    [registrationId],
  );
  if (rows.length)
    await unitsFreed(
      tx,
      ctx,
      rows.map((row) => row.product_id),
    );
  return rows.map((row) => row.unit_number).sort();
}

/** The units held for a registration (its deposit's or a waitlist offer's), by number. */
export async function heldFor(q: Queryable, registrationId: string): Promise<string[]> {
  const { rows } = await q.query<{ unit_number: string }>(
    `select unit_number from units where registration_id = $1 and status = 'held' order by unit_number`,
    [registrationId],
  );
  return rows.map((row) => row.unit_number);
}

/**
 * Every unit still held for a registration (its deposit's or a waitlist offer's) goes back on
 * sale: the tenant was let other units, or left. The waitlist is offered them.
 */
export async function releaseAllHeld(
  tx: Queryable,
  ctx: { jobs: Pick<JobQueue, 'schedule'> },
  registrationId: string,
): Promise<void> {
  const { rows } = await tx.query<{ product_id: number }>(
    `update units set status = 'available', registration_id = null, offer_id = null, updated_at = now()
     where registration_id = $1 and status = 'held' returning product_id`,
    [registrationId],
  );
  await unitsFreed(
    tx,
    ctx,
    rows.map((unit) => unit.product_id),
  );
}

/** Units held for a registration (a waitlist offer it took), by product. */
export async function heldForRegistration(q: Queryable, registrationId: string): Promise<Map<number, number>> {
  const { rows } = await q.query<{ product_id: number; held: number }>(
    `select product_id, count(*)::integer as held from units
     where status = 'held' and registration_id = $1 group by product_id`,
    [registrationId],
  );
  return new Map(rows.map((row) => [row.product_id, row.held]));
}
