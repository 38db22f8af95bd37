import { type Period, REFUSALS } from 'shared-api';
import { BACKOFFICE_PAGE_SIZE, type backofficeActions, type CatalogueEntry, type UnitRow } from 'shared-api/backoffice';
import { returnUnitToService } from '../../modules/rental';
import { recordAudit, requireStaff } from '../../modules/staff';
import type { Queryable } from '../../platform/db';
import { toIso } from '../../platform/db/iso';
import { pageOf } from '../../platform/db/paging';
import { likePattern, searchWhere } from '../../platform/db/search';
import { HttpError, refusal } from '../../platform/http-error';
import { commitThenRun } from '../../platform/jobs/queue';
import type { ActionHandlers } from '../router';

type CatalogueActions = Pick<
  typeof backofficeActions,
  'list_catalogue' | 'list_units' | 'set_price' | 'set_unit_service'
>;

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
    `select p.pid, p.name_es, p.name_en, p.size_m3, p.setup_fee, p.active, p.monthly, p.quarterly, p.semiannually,
       p.annually,
       count(u.unit_number) filter (where u.status = 'available')::int as available,
       count(u.unit_number) filter (where u.status = 'held')::int as held,
       count(u.unit_number) filter (where u.status = 'occupied')::int as occupied,
       count(u.unit_number) filter (where u.status = 'out_of_service')::int as out_of_service
     from products p left join units u on u.product_id = p.pid
     ${productId === undefined ? '' : 'where p.pid = $1'}
     group by p.pid order by p.gid, p.size_m3, p.pid`,
    productId === undefined ? [] : [productId],
  );
  return rows.map(toEntry);
}

interface UnitDbRow extends Record<string, unknown> {
  unit_number: string;
  product_id: number;
  name_es: string;
  name_en: string;
  status: UnitRow['status'];
  registration_id: string | null;
  registration_code: string | null;
  full_name: string | null;
  updated_at: Date | string;
}

const UNIT_COLUMNS = `u.unit_number, u.product_id, p.name_es, p.name_en, u.status, u.registration_id::text as registration_id,
    r.registration_code, r.full_name, u.updated_at`;
const UNIT_FROM =
  'from units u join products p on p.pid = u.product_id left join registrations r on r.id = u.registration_id';
const UNIT_SELECT = `select ${UNIT_COLUMNS} ${UNIT_FROM}`;

const toUnit = (row: UnitDbRow): UnitRow => ({
  unitNumber: row.unit_number,
  productId: row.product_id,
  productName: row.name_es,
  productNameEn: row.name_en,
  status: row.status,
  registrationId: row.registration_id,
  registrationCode: row.registration_code,
  tenantName: row.full_name,
  updatedAt: toIso(row.updated_at) ?? '',
});

const UNIT_SORT = { unitNumber: 'u.unit_number', status: 'u.status', updatedAt: 'u.updated_at' } as const;

export async function listUnits(
  q: Queryable,
  query: {
    productId?: number;
    status?: UnitRow['status'];
    search?: string;
    sort: keyof typeof UNIT_SORT;
    direction: 'asc' | 'desc';
    page: number;
  },
  limit: number | null = BACKOFFICE_PAGE_SIZE,
): Promise<{ rows: UnitRow[]; total: number; page: number }> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (query.productId !== undefined) {
    params.push(query.productId);
    where.push(`u.product_id = $${params.length}`);
  }
  if (query.status) {
    params.push(query.status);
    where.push(`u.status = $${params.length}`);
  }
  if (query.search) {
    params.push(likePattern(query.search));
    const p = `$${params.length}`;
    where.push(searchWhere(['u.unit_number', 'r.registration_code', 'r.full_name'], p));
  }
  const { rows, total, page } = await pageOf<UnitDbRow>(q, {
    select: UNIT_COLUMNS,
    from: UNIT_FROM,
    where,
    params,
    order: `${UNIT_SORT[query.sort]} ${query.direction === 'asc' ? 'asc' : 'desc'}, u.unit_number`,
    limit,
    page: query.page,
  });
  return { rows: rows.map(toUnit), total, page };
}

async function unitByNumber(q: Queryable, unitNumber: string): Promise<UnitRow> {
  const { rows } = await q.query<UnitDbRow>(`${UNIT_SELECT} where u.unit_number = $1`, [unitNumber]);
  if (!rows[0]) throw new HttpError(404, 'Unit not found');
  return toUnit(rows[0]);
}

const PERIOD_COLUMN: Record<Period, string> = {
  monthly: 'monthly',
  quarterly: 'quarterly',
  semiannually: 'semiannually',
  annually: 'annually',
};

/** Units and catalogue: everyone sees them; prices and a unit's service are a manager's to change. */
export const catalogueActions: ActionHandlers<CatalogueActions> = {
  async list_catalogue(_input, ctx, meta) {
    await requireStaff(ctx.db, meta);
    return { products: await catalogue(ctx.db) };
  },

  async list_units(query, ctx, meta) {
    await requireStaff(ctx.db, meta);
    const { rows, total, page } = await listUnits(ctx.db, query);
    return { rows, total, page, pageSize: BACKOFFICE_PAGE_SIZE };
  },

  async set_price({ productId, period, price: newPrice }, ctx, meta) {
    const actor = await requireStaff(ctx.db, meta, { role: 'manager' });
    return ctx.db.transaction(async (tx) => {
      const column = PERIOD_COLUMN[period];
      const { rows } = await tx.query<{ old: string | number }>(
        `select ${column} as old from products where pid = $1 for update`,
        [productId],
      );
      if (!rows[0]) throw new HttpError(404, REFUSALS.product_not_found);
      await tx.query(`update products set ${column} = $2 where pid = $1`, [productId, newPrice ?? -1]);
      await recordAudit(tx, actor, {
        action: 'set_price',
        target: `product:${productId}`,
        before: { [period]: price(rows[0].old) },
        after: { [period]: newPrice },
      });
      const [product] = await catalogue(tx, productId);
      return { product: product as CatalogueEntry };
    });
  },

  async set_unit_service({ unitNumber, inService }, ctx, meta) {
    const actor = await requireStaff(ctx.db, meta, { role: 'manager' });
    return commitThenRun(ctx, async (tx) => {
      const { rows } = await tx.query<{ status: UnitRow['status'] }>(
        'select status from units where unit_number = $1 for update',
        [unitNumber],
      );
      const before = rows[0]?.status;
      if (!before) throw new HttpError(404, 'Unit not found');
      // Asked twice (two tabs): the unit is already where it was asked to be.
      if (inService && before !== 'out_of_service') {
        if (before === 'available') return { unit: await unitByNumber(tx, unitNumber) };
        throw refusal('unit_not_out_of_service');
      }
      if (!inService && before !== 'available') {
        if (before === 'out_of_service') return { unit: await unitByNumber(tx, unitNumber) };
        throw refusal('unit_not_free');
      }
      if (inService) await returnUnitToService(tx, ctx, unitNumber);
      else {
        await tx.query(`update units set status = 'out_of_service', updated_at = now() where unit_number = $1`, [
          unitNumber,
        ]);
      }
      const unit = await unitByNumber(tx, unitNumber);
      await recordAudit(tx, actor, {
        action: inService ? 'unit_in_service' : 'unit_out_of_service',
        target: `unit:${unitNumber}`,
        before: { status: before },
        after: { status: unit.status },
      });
      return { unit };
    });
  },
};
