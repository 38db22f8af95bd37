import type { Queryable } from '.';

export interface PagedQuery {
  /** The select list, the `from …` (with joins) and the conditions, joined with `and`. */
  select: string;
  from: string;
  where: string[];
  /** The conditions' parameters, `$1`… in order. */
  params: unknown[];
  order: string;
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
  const where = query.where.length ? `where ${query.where.join(' and ')}` : '';
  const { rows: counted } = await q.query<{ total: number }>(
    `select count(*)::int as total ${query.from} ${where}`,
    query.params,
  );
  const total = counted[0]?.total ?? 0;
  const params = [...query.params];
  let paging = '';
  let page = query.page;
  if (query.limit !== null) {
    page = Math.max(1, Math.min(query.page, Math.ceil(total / query.limit)));
    params.push(query.limit, (page - 1) * query.limit);
    paging = `limit $${params.length - 1} offset $${params.length}`;
  }
  const { rows } = await q.query<R>(
    `select ${query.select} ${query.from} ${where} order by ${query.order} ${paging}`,
    params,
  );
  return { rows, total, page };
}
