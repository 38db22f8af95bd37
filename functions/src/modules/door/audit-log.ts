import { BACKOFFICE_PAGE_SIZE } from 'shared-api/backoffice';
import type { FunctionContext } from '../../context';
import { toIso } from '../../platform/db/iso';
import { pageOf } from '../../platform/db/paging';
import { likePattern, searchWhere } from '../../platform/db/search';

interface DoorAuditRow extends Record<string, unknown> {
  id: string;
  usuario: string | null;
  action: string;
  result: string;
  ip: string | null;
  created_at: Date | string;
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
    select: 'a.id::text as id, a.usuario, a.action, a.result, a.ip, a.created_at',
    from: 'from door_audit a',
    where: search ? [searchWhere(['a.usuario', 'a.action', 'a.result'], '$1')] : [],
    params: search ? [likePattern(search)] : [],
    order: 'a.created_at desc, a.id desc',
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
