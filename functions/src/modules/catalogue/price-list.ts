import { type Period, REFUSALS } from 'shared-api';
import type { CatalogueEntry } from 'shared-api/backoffice';
import type { FunctionContext } from '../../context';
import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { HttpError } from '../../platform/http-error';
import { type Actor, recordAudit } from '../staff';

interface ProductRow extends Record<string, unknown> {
  pid: number;
  name_es: string;
  name_en: string;
  size_m3: string | number;
  setup_fee: string | number;
  active: boolean;
  monthly: string | number;
  quarterly: string | number;
  semiannually: string | number;
  annually: string | number;
  available: number;
  held: number;
  occupied: number;
  out_of_service: number;
}

/** A price column: -1 in the catalogue means the period is not offered. */
const price = (value: string | number) => (Number(value) < 0 ? null : Number(value));

const toEntry = (row: ProductRow): CatalogueEntry => ({
  productId: row.pid,
  name: row.name_es,
  nameEn: row.name_en,
  sizeM3: Number(row.size_m3),
  setupFee: Number(row.setup_fee),
  active: row.active,
  prices: {
    monthly: price(row.monthly),
    quarterly: price(row.quarterly),
    semiannually: price(row.semiannually),
    annually: price(row.annually),
  },
  available: row.available,
  held: row.held,
  occupied: row.occupied,
  outOfService: row.out_of_service,
  total: row.available + row.held + row.occupied + row.out_of_service,
});

/** Every product with its prices and how its units stand (Today's occupancy too). */
export async function catalogue(q: Queryable, productId?: number): Promise<CatalogueEntry[]> {
  const { rows } = await q.query<ProductRow>(
    sql`select p.pid, p.name_es, p.name_en, p.size_m3, p.setup_fee, p.active, p.monthly, p.quarterly, p.semiannually,
       p.annually,
       count(u.unit_number) filter (where u.status = 'available')::int as available,
       count(u.unit_number) filter (where u.status = 'held')::int as held,
       count(u.unit_number) filter (where u.status = 'occupied')::int as occupied,
       count(u.unit_number) filter (where u.status = 'out_of_service')::int as out_of_service
     from products p left join units u on u.product_id = p.pid
     ${productId === undefined ? sql`` : sql`where p.pid = ${productId}`}
     group by p.pid order by p.gid, p.size_m3, p.pid`,
  );
  return rows.map(toEntry);
}

const PERIOD_COLUMN: Record<Period, string> = {
  monthly: 'monthly',
  quarterly: 'quarterly',
  semiannually: 'semiannually',
  annually: 'annually',
};

/** A manager sets a product's price for a period (none: the period is not offered). */
export async function setPrice(
  ctx: FunctionContext,
  actor: Actor,
  { productId, period, price: newPrice }: { productId: number; period: Period; price: number | null },
) {
  return ctx.db.transaction(async (tx) => {
    const column = sql.identifier(PERIOD_COLUMN[period]);
    const { rows } = await tx.query<{ old: string | number }>(
      sql`select ${column} as old from products where pid = ${productId} for update`,
    );
    if (!rows[0]) throw new HttpError(404, REFUSALS.product_not_found);
    await tx.query(sql`update products set ${column} = ${newPrice ?? -1} where pid = ${productId}`);
    await recordAudit(tx, actor, {
      action: 'set_price',
      target: `product:${productId}`,
      before: { [period]: price(rows[0].old) },
      after: { [period]: newPrice },
    });
    const [product] = await catalogue(tx, productId);
    return { product: product as CatalogueEntry };
  });
}
