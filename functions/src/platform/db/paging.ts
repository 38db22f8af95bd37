import type { Queryable } from '.';
import { type SqlStatement, sql } from './sql';

export interface PagedQuery {
  /** The select list, the `from …` (with joins) and the conditions, joined with `and`. */
  select: SqlStatement;
  from: SqlStatement;
  where: SqlStatement[];
  order: SqlStatement;
  /** Rows per page; null: all of them (an export). */
  limit: number | null;
  page: number;
}

/**
 * One page of a filtered list, how many rows the filter finds in all, and which page that is: a
 * page past the end (an old link, a list that shrank) is the last one, not an empty table.
 */
export async function pageOf<R extends Record<string, unknown>>(
  q: Queryable,
  query: PagedQuery,
): Promise<{ rows: R[]; total: number; page: number }> {
  const where = query.where.length ? sql`where ${sql.join(query.where, ' and ')}` : sql``;
  const { rows: counted } = await q.query<{ total: number }>(sql`select count(*)::int as total ${query.from} ${where}`);
  const total = counted[0]?.total ?? 0;
  let paging = sql``;
  let page = query.page;
  if (query.limit !== null) {
    page = Math.max(1, Math.min(query.page, Math.ceil(total / query.limit)));
    paging = sql`limit ${query.limit} offset ${(page - 1) * query.limit}`;
  }
  const { rows } = await q.query<R>(
    sql`select ${query.select} ${query.from} ${where} order by ${query.order} ${paging}`,
  );
  return { rows, total, page };
}
