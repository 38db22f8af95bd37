import type { Queryable } from '../../platform/db';
import type { RequestMeta } from '../../platform/request-meta';

/** One line of the door tool's audit trail (who, what, how it went, from where). */
export async function audit(
  db: Queryable,
  entry: { userId: string | null; usuario: string | null; action: string; result: string },
  meta: RequestMeta,
): Promise<void> {
  await db.query('insert into door_audit (user_id, usuario, action, result, ip) values ($1, $2, $3, $4, $5)', [
    entry.userId,
    entry.usuario,
    entry.action,
    entry.result,
    meta.ip,
  ]);
}
