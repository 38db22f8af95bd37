import type { RegistrationListFilter, RegistrationStage, RegistrationSummary } from 'shared-api/backoffice';
import { BACKOFFICE_PAGE_SIZE } from 'shared-api/backoffice';
import type { Queryable } from '../../platform/db';
import { toIso } from '../../platform/db/iso';
import { pageOf } from '../../platform/db/paging';
import { searchWhere } from '../../platform/db/search';
import { type SqlStatement, sql } from '../../platform/db/sql';

/**
 * Where a registration stands, from its row and its live contract (`c`) and client signer (`cs`):
 * the one place staff's stages are defined, shared by the lists, the export and Today.
 */
const STAGE = sql`case
  when r.rental_ended_at is not null then 'ended'
  when r.global_status = 'completed' then 'completed'
  when c.status = 'awaiting_signatures' and cs.status = 'completed' then 'awaiting_company'
  when c.status = 'awaiting_signatures' then 'awaiting_client'
  else 'in_progress' end`;

/** The chosen product's English name (compared as text: a malformed id in a draft finds none, and fails nothing). */
export const PRODUCT_NAME_EN = sql`(select p.name_en from products p where p.pid::text = r.metadata -> 'serviceDetails' ->> 'productId')`;

const FROM = sql`from registrations r
  left join contracts c on c.registration_id = r.id and c.kind = 'rental' and c.status in ('awaiting_signatures', 'completed')
  left join contract_submitters cs on cs.contract_id = c.id and cs.role = 'Cliente'`;

const SORT_COLUMN = {
  createdAt: sql`r.created_at`,
  fullName: sql`lower(r.full_name)`,
  registrationCode: sql`r.registration_code`,
} as const;

interface SummaryRow extends Record<string, unknown> {
  id: string;
  registration_code: string;
  full_name: string;
  company_name: string | null;
  email: string;
  phone: string;
  stage: RegistrationStage;
  product_name: string | null;
  product_name_en: string | null;
  created_at: Date | string;
}

const toSummary = (row: SummaryRow): RegistrationSummary => ({
  registrationId: row.id,
  registrationCode: row.registration_code,
  fullName: row.full_name,
  companyName: row.company_name,
  email: row.email,
  phone: row.phone,
  stage: row.stage,
  productName: row.product_name,
  productNameEn: row.product_name_en,
  createdAt: toIso(row.created_at) ?? '',
});

export interface ListedRegistrations {
  rows: RegistrationSummary[];
  total: number;
  /** The page shown: the last one when the one asked for is past the end. */
  page: number;
}

/**
 * Registrations by stage and search (code, name, company, e-mail, phone), sorted, one page
 * (`limit` null: all of them, for the export).
 */
export async function listRegistrations(
  q: Queryable,
  query: RegistrationListFilter,
  limit: number | null = BACKOFFICE_PAGE_SIZE,
  extraWhere?: SqlStatement,
): Promise<ListedRegistrations> {
  const where: SqlStatement[] = [];
  if (query.search) {
    where.push(
      searchWhere(['r.registration_code', 'r.full_name', 'r.company_name', 'r.email', 'r.phone'], query.search),
    );
  }
  if (query.stage) where.push(sql`(${STAGE}) = ${query.stage}`);
  if (extraWhere) where.push(extraWhere);
  const { rows, total, page } = await pageOf<SummaryRow>(q, {
    select: sql`r.id::text as id, r.registration_code, r.full_name, r.company_name, r.email, r.phone,
       ${STAGE} as stage, r.metadata -> 'serviceDetails' ->> 'productName' as product_name,
       ${PRODUCT_NAME_EN} as product_name_en, r.created_at`,
    from: FROM,
    where,
    order: sql`${SORT_COLUMN[query.sort]} ${sql.direction(query.direction)}, r.id`,
    limit,
    page: query.page,
  });
  return { rows: rows.map(toSummary), total, page };
}

export async function stageOf(q: Queryable, registrationId: string): Promise<RegistrationStage | null> {
  const { rows } = await q.query<{ stage: RegistrationStage }>(
    sql`select ${STAGE} as stage ${FROM} where r.id = ${registrationId}`,
  );
  return rows[0]?.stage ?? null;
}
