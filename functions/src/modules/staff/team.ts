import { randomBytes, randomUUID } from 'node:crypto';
import { STAFF_REFUSALS } from 'shared-api';
import type { AuditEntry, StaffRole } from 'shared-api/backoffice';
import type { Language } from 'shared-i18n';
import type { FunctionContext } from '../../context';
import type { Queryable } from '../../platform/db';
import { toIso } from '../../platform/db/iso';
import { pageOf } from '../../platform/db/paging';
import { searchWhere } from '../../platform/db/search';
import { sql } from '../../platform/db/sql';
import { HttpError, refusal } from '../../platform/http-error';
import { commitThenRun } from '../../platform/jobs/queue';
import { hashPassword } from '../../platform/security/secrets';
import { recordAudit } from './audit';
import { issueResetLink } from './password-reset';
import { type Actor, revokeStaffSessions, type StaffRow, staffColumns, toStaffMember } from './staff-session';

interface AuditRow extends Record<string, unknown> {
  id: string;
  staff_email: string;
  action: string;
  target: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  created_at: Date | string;
}

const toAuditEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  staffEmail: row.staff_email,
  action: row.action,
  target: row.target,
  before: row.before ?? null,
  after: row.after ?? null,
  ip: row.ip,
  createdAt: toIso(row.created_at) ?? '',
});

/** The audit, newest first, searched by who, what or on what. */
export async function listAudit(q: Queryable, search: string | undefined, page: number, limit: number | null) {
  const where = search ? [searchWhere(['staff_email', 'action', 'target'], search)] : [];
  const {
    rows,
    total,
    page: shown,
  } = await pageOf<AuditRow>(q, {
    select: sql`id::text as id, staff_email, action, target, before, after, ip, created_at`,
    from: sql`from staff_audit`,
    where,
    order: sql`created_at desc, id desc`,
    limit,
    page,
  });
  return { rows: rows.map(toAuditEntry), total, page: shown };
}

/** Every member, managers first, the disabled last. */
export async function listStaff(ctx: Pick<FunctionContext, 'db'>) {
  const { rows } = await ctx.db.query<StaffRow>(
    sql`select ${staffColumns()} from staff_users order by disabled_at is not null, role, lower(name)`,
  );
  return { staff: rows.map(toStaffMember) };
}

/** A manager gives someone an account: they choose their password from the invitation e-mailed to them. */
export async function addStaff(
  ctx: FunctionContext,
  actor: Actor,
  {
    email,
    name,
    role,
    language = 'es',
  }: { email: string; name: string; role: StaffRole; language?: Language | undefined },
) {
  // A password nobody knows until the member chooses theirs from the invitation.
  const hash = await hashPassword(randomBytes(32).toString('base64url'), ctx.config.DOOR_HASH_COST_LOG2);
  const staff = await commitThenRun(ctx, async (tx) => {
    const { rows } =
      await tx.query<StaffRow>(sql`insert into staff_users (id, email, name, role, password_hash) values (${randomUUID()}, ${email}, ${name}, ${role}, ${hash})
       on conflict (lower(email)) do nothing returning ${staffColumns()}`);
    if (!rows[0])
      throw new HttpError(
        409,
        STAFF_REFUSALS.staff_email_taken,
        { email: STAFF_REFUSALS.staff_email_taken },
        'staff_email_taken',
      );
    await issueResetLink(tx, ctx, rows[0], language, { email: actor.email, name: actor.row.name }, 'invitation');
    await recordAudit(tx, actor, { action: 'add_staff', target: `staff:${email}`, after: { name, role } });
    return toStaffMember(rows[0]);
  });
  return { staff };
}

/** A manager changes a member's role or disables the account (never the last manager). */
export async function updateStaff(
  ctx: FunctionContext,
  actor: Actor,
  { staffId, role, disabled }: { staffId: string; role?: StaffRole | undefined; disabled?: boolean | undefined },
) {
  return ctx.db.transaction(async (tx) => {
    // Every manager row locked: two managers demoting each other at once cannot leave none.
    await tx.query(sql`select id from staff_users where role = 'manager' for update`);
    const { rows } = await tx.query<StaffRow>(
      sql`select ${staffColumns()} from staff_users where id = ${staffId} for update`,
    );
    const before = rows[0];
    if (!before) throw new HttpError(404, 'Staff member not found');
    const nextRole = role ?? before.role;
    const nextDisabled = disabled ?? before.disabled_at !== null;
    const losesManager =
      before.role === 'manager' && before.disabled_at === null && (nextRole !== 'manager' || nextDisabled);
    if (losesManager) {
      const { rows: managers } = await tx.query<{ count: number }>(
        sql`select count(*)::int as count from staff_users where role = 'manager' and disabled_at is null`,
      );
      if ((managers[0]?.count ?? 0) <= 1) throw refusal('last_manager');
    }
    const { rows: updated } = await tx.query<StaffRow>(sql`update staff_users set role = ${nextRole},
         disabled_at = case when ${nextDisabled}::boolean then coalesce(disabled_at, now()) else null end,
         updated_at = now()
       where id = ${staffId} returning ${staffColumns()}`);
    const after = updated[0] as StaffRow;
    const changed = nextRole !== before.role || nextDisabled !== (before.disabled_at !== null);
    if (changed) {
      // A new role or a disabled account: sessions opened under the old one end now.
      await revokeStaffSessions(tx, staffId);
      await recordAudit(tx, actor, {
        action: 'update_staff',
        target: `staff:${before.email}`,
        before: { role: before.role, disabled: before.disabled_at !== null },
        after: { role: nextRole, disabled: nextDisabled },
      });
    }
    return { staff: toStaffMember(after) };
  });
}
