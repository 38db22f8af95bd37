import { BACKOFFICE_PAGE_SIZE, type UnitRow } from 'shared-api/backoffice';
import type { FunctionContext } from '../../context';
import type { Queryable } from '../../platform/db';
import { toIso } from '../../platform/db/iso';
import { pageOf } from '../../platform/db/paging';
import { searchWhere } from '../../platform/db/search';
import { type SqlStatement, sql } from '../../platform/db/sql';
import { HttpError, refusal } from '../../platform/http-error';
import { commitThenRun } from '../../platform/jobs/queue';
import { type Actor, recordAudit } from '../staff';
import { returnUnitToService } from './units';

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

const UNIT_COLUMNS = sql`u.unit_number, u.product_id, p.name_es, p.name_en, u.status, u.registration_id::text as registration_id,
    r.registration_code, r.full_name, u.updated_at`;
const UNIT_FROM = sql`from units u join products p on p.pid = u.product_id
  left join registrations r on r.id = u.registration_id`;

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

/** The units, filtered, searched and sorted, a page at a time (all of them for an export). */
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
  const where: SqlStatement[] = [];
  if (query.productId !== undefined) where.push(sql`u.product_id = ${query.productId}`);
  if (query.status) where.push(sql`u.status = ${query.status}`);
  if (query.search) where.push(searchWhere(['u.unit_number', 'r.registration_code', 'r.full_name'], query.search));
  const { rows, total, page } = await pageOf<UnitDbRow>(q, {
    select: UNIT_COLUMNS,
    from: UNIT_FROM,
    where,
    order: sql`${sql.identifier(UNIT_SORT[query.sort])} ${sql.direction(query.direction)}, u.unit_number`,
    limit,
    page: query.page,
  });
  return { rows: rows.map(toUnit), total, page };
}

async function unitByNumber(q: Queryable, unitNumber: string): Promise<UnitRow> {
  const { rows } = await q.query<UnitDbRow>(
    sql`select ${UNIT_COLUMNS} ${UNIT_FROM} where u.unit_number = ${unitNumber}`,
  );
  if (!rows[0]) throw new HttpError(404, 'Unit not found');
  return toUnit(rows[0]);
}

/** A manager takes a free unit out of service, or puts one back (the waitlist is offered it). */
export async function setUnitService(
  ctx: FunctionContext,
  actor: Actor,
  { unitNumber, inService }: { unitNumber: string; inService: boolean },
) {
  return commitThenRun(ctx, async (tx) => {
    const { rows } = await tx.query<{ status: UnitRow['status'] }>(
      sql`select status from units where unit_number = ${unitNumber} for update`,
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
      await tx.query(
        sql`update units set status = 'out_of_service', updated_at = now() where unit_number = ${unitNumber}`,
      );
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
}
