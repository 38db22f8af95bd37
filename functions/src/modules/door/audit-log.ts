import { BACKOFFICE_PAGE_SIZE } from 'shared-api/backoffice';
import type { FunctionContext } from '../../context';
import { toIso } from '../../platform/db/iso';
import { pageOf } from '../../platform/db/paging';
import { searchWhere } from '../../platform/db/search';
import { sql } from '../../platform/db/sql';

interface DoorAuditRow extends Record<string, unknown> {
  id: string;
  usuario: string | null;
  action: string;
  result: string;
  ip: string | null;
  created_at: Date | string;
}

const COLUMNS = sql`a.id::text as id, a.usuario, a.action, a.result, a.ip, a.created_at`;

/** Who came in and out, newest first, a page at a time (keyset: stable while new entries arrive). */
export async function doorAuditPage(
  ctx: Pick<FunctionContext, 'db'>,
  { limit = 50, before }: { limit?: number | undefined; before?: string | undefined },
) {
  // Newest first by time (ties by number), never by the id as text ("9" above "17"); `before`
  // is the last entry of the previous page (keyset paging: stable while new entries arrive).
  const after = before ?? null;
  const { rows } = await ctx.db.query<DoorAuditRow>(
    sql`select ${COLUMNS} from door_audit a
     where ${after}::bigint is null
        or (a.created_at, a.id) < (select b.created_at, b.id from door_audit b where b.id = ${after}::bigint)
     order by a.created_at desc, a.id desc limit ${limit + 1}`,
  );
  return {
    entries: rows
      .slice(0, limit)
      .map((r) => ({ ...r, createdAt: new Date(r.created_at).toISOString(), created_at: undefined })),
    hasMore: rows.length > limit,
  };
}

/** The door's access log as staff search it, newest first, a page at a time. */
export async function searchDoorAudit(
  ctx: Pick<FunctionContext, 'db'>,
  { search, page }: { search?: string | undefined; page: number },
) {
  const {
    rows,
    total,
    page: shown,
  } = await pageOf<DoorAuditRow>(ctx.db, {
    select: COLUMNS,
    from: sql`from door_audit a`,
    where: search ? [searchWhere(['a.usuario', 'a.action', 'a.result'], search)] : [],
    order: sql`a.created_at desc, a.id desc`,
    limit: BACKOFFICE_PAGE_SIZE,
    page,
  });
  return {
    rows: rows.map(({ created_at, ...row }) => ({ ...row, createdAt: toIso(created_at) ?? '' })),
    total,
    page: shown,
    pageSize: BACKOFFICE_PAGE_SIZE,
  };
}
