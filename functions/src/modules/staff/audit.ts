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

/**
 * Who did it: a member of staff, or the service itself (the arrears rules: no id, a name of its
 * own in place of an e-mail, no address).
 */
type Auditor = Pick<Actor, 'email' | 'ip'> & { id: string | null };

/** The arrears rules, acting on their own (late fees, warnings, suspensions). */
export const ARREARS_RULES: Auditor = { id: null, email: 'reglas-de-impagos', ip: null };

/** One row of the back-office's audit, in the transaction of the change it records. */
export async function recordAudit(q: Queryable, actor: Auditor, record: AuditRecord) {
  await q.query(sql`insert into staff_audit (staff_id, staff_email, action, target, before, after, ip)
     values (${actor.id}, ${actor.email}, ${record.action}, ${record.target ?? null}, ${record.before === undefined ? null : JSON.stringify(record.before)}, ${record.after === undefined ? null : JSON.stringify(record.after)}, ${actor.ip})`);
}
