import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import type { Actor } from './staff-session';

export interface AuditRecord {
  action: string;
  /** What was acted on: `registration:K7P2QX`, `product:209`, `unit:B-014`, `staff:ana@…`. */
  target?: string;
  before?: unknown;
  after?: unknown;
}

/** One row of the back-office's audit, in the transaction of the change it records. */
export async function recordAudit(q: Queryable, actor: Pick<Actor, 'id' | 'email' | 'ip'>, record: AuditRecord) {
  await q.query(sql`insert into staff_audit (staff_id, staff_email, action, target, before, after, ip)
     values (${actor.id}, ${actor.email}, ${record.action}, ${record.target ?? null}, ${record.before === undefined ? null : JSON.stringify(record.before)}, ${record.after === undefined ? null : JSON.stringify(record.after)}, ${actor.ip})`);
}
