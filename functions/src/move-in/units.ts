import type { Queryable } from '../db';

/**
 * Takes `count` available units of a product for a registration, first free by number, or none
 * at all when fewer are free. Inside the caller's transaction: the rows are locked, and a
 * competing allocation skips them (SKIP LOCKED) instead of waiting for the same units, so two
 * applicants can never be given one unit.
 */
export async function occupyUnits(
  q: Queryable,
  { productId, count, registrationId }: { productId: number; count: number; registrationId: string },
): Promise<string[] | null> {
  const { rows } = await q.query<{ unit_number: string }>(
    `select unit_number from units where product_id = $1 and status = 'available'
     order by unit_number limit $2 for update skip locked`,
    [productId, count],
  );
  if (rows.length < count) return null;
  const unitNumbers = rows.map((row) => row.unit_number);
  await q.query(
    `update units set status = 'occupied', registration_id = $2, updated_at = now()
     where unit_number = any($1::text[])`,
    [unitNumbers, registrationId],
  );
  return unitNumbers;
}

/** The units a registration occupies, by number. */
export async function unitsOf(q: Queryable, registrationId: string): Promise<string[]> {
  const { rows } = await q.query<{ unit_number: string }>(
    `select unit_number from units where registration_id = $1 and status = 'occupied' order by unit_number`,
    [registrationId],
  );
  return rows.map((row) => row.unit_number);
}
