import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import type { RequestMeta } from '../../platform/request-meta';

/** One line of the door tool's audit trail (who, what, how it went, from where). */
export async function audit(
  db: Queryable,
  entry: { userId: string | null; usuario: string | null; action: string; result: string },
  meta: RequestMeta,
): Promise<void> {
  await db.query(
    sql`insert into door_audit (user_id, usuario, action, result, ip) values (${entry.userId}, ${entry.usuario}, ${entry.action}, ${entry.result}, ${meta.ip})`,
  );
}

/**
 * How many of a user's `action` lines ended in one of `results` within the last `minutes`, on the
 * database's clock (the clock the lines were written on): the budget of a guessing session.
 */
export async function recentFailures(
  db: Queryable,
  { userId, action, results, minutes }: { userId: string; action: string; results: readonly string[]; minutes: number },
): Promise<number> {
  const { rows } = await db.query<{ n: number }>(sql`select count(*)::int as n from door_audit
     where user_id = ${userId} and action = ${action} and result = any(${results})
       and created_at > now() - make_interval(mins => ${minutes})`);
  return rows[0]?.n ?? 0;
}
