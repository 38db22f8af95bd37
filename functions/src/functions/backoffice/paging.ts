import type { Queryable } from '../../db';

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

/** One page of a filtered list and how many rows the filter finds in all. */
export async function pageOf<R extends Record<string, unknown>>(
  q: Queryable,
  query: PagedQuery,
): Promise<{ rows: R[]; total: number }> {
  const where = query.where.length ? `where ${query.where.join(' and ')}` : '';
  const { rows: counted } = await q.query<{ total: number }>(
    `select count(*)::int as total ${query.from} ${where}`,
    query.params,
  );
  const params = [...query.params];
  let paging = '';
  if (query.limit !== null) {
    params.push(query.limit, (query.page - 1) * query.limit);
    paging = `limit $${params.length - 1} offset $${params.length}`;
  }
  const { rows } = await q.query<R>(
    `select ${query.select} ${query.from} ${where} order by ${query.order} ${paging}`,
    params,
  );
  return { rows, total: counted[0]?.total ?? 0 };
}
