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
