import { FUNCTIONS_BASE_PATH } from 'shared-api';
import { STAFF_SESSION_COOKIE, STAFF_SIGNED_IN_COOKIE, type StaffMember, type StaffRole } from 'shared-api/backoffice';
import type { FunctionContext } from '../../context';
import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { HttpError } from '../../platform/http-error';
import type { RequestMeta } from '../../platform/request-meta';
import { newToken, sha256 } from '../../platform/security/secrets';

/** The cookie goes only to the back-office's functions (`backoffice`, `backoffice/document`, …). */
export const STAFF_COOKIE_PATH = `${FUNCTIONS_BASE_PATH}/backoffice`;

export interface StaffRow extends Record<string, unknown> {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  password_hash: string;
  totp_secret: string | null;
  totp_enabled: boolean;
  totp_last_step: string | number | null;
  disabled_at: Date | string | null;
  /** A generated password, to be changed at the first sign-in. */
  password_change_required: boolean;
}

/** The columns of a StaffRow, from `staff_users` under `alias`. */
export const staffColumns = (alias = 'staff_users') => {
  const columns = [
    'email',
    'name',
    'role',
    'password_hash',
    'totp_secret',
    'totp_enabled',
    'totp_last_step',
    'disabled_at',
    'password_change_required',
  ].map((column) => `${alias}.${column}`);
  return sql`${sql.identifier(`${alias}.id`)}::text as id, ${sql.columns(columns)}`;
};

export const toStaffMember = (row: StaffRow): StaffMember => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  totpEnabled: row.totp_enabled,
  disabled: row.disabled_at !== null,
});

/** Who acts, as the audit records them. */
export interface Actor {
  id: string;
  email: string;
  role: StaffRole;
  ip: string | null;
  row: StaffRow;
  /** A manager's session that may only set up the second factor (BACKOFFICE_MANAGER_TOTP=required). */
  secondFactorDue: boolean;
  /** A session that may only change the generated password it signed in with. */
  passwordChangeDue: boolean;
}

/** A manager without a second factor, where one is required, may do nothing else until it is on. */
export const secondFactorDue = (row: StaffRow, ctx: Pick<FunctionContext, 'config'>) =>
  ctx.config.BACKOFFICE_MANAGER_TOTP === 'required' && row.role === 'manager' && !row.totp_enabled;

export async function openStaffSession(
  q: Queryable,
  ctx: Pick<FunctionContext, 'config'>,
  meta: RequestMeta,
  row: StaffRow,
): Promise<void> {
  const { token, hash } = newToken();
  const hours = ctx.config.BACKOFFICE_SESSION_HOURS;
  await q.query(sql`insert into staff_sessions (token_hash, staff_id, expires_at, ip, second_factor_due, password_change_due)
     values (${hash}, ${row.id}, now() + make_interval(hours => ${hours}), ${meta.ip}, ${secondFactorDue(row, ctx)}, ${row.password_change_required})`);
  meta.setCookie(STAFF_SESSION_COOKIE, token, { path: STAFF_COOKIE_PATH, maxAgeSeconds: hours * 3600 });
  // Lax: a member opening the back-office from an e-mail's link (a page from elsewhere) has it too.
  meta.setCookie(STAFF_SIGNED_IN_COOKIE, '1', { path: '/', maxAgeSeconds: hours * 3600, sameSite: 'lax' });
}

export async function closeStaffSession(q: Queryable, meta: RequestMeta): Promise<void> {
  const token = meta.cookie(STAFF_SESSION_COOKIE);
  if (token) {
    await q.query(
      sql`update staff_sessions set revoked_at = now() where token_hash = ${sha256(token)} and revoked_at is null`,
    );
  }
  forgetStaffSession(meta);
}

/**
 * The browser's staff cookies cleared: at sign-out, and when it asks who it is and its session has
 * ended meanwhile (idle, revoked, expired), so that its next page shows the login at once.
 */
export function forgetStaffSession(meta: RequestMeta): void {
  meta.setCookie(STAFF_SESSION_COOKIE, '', { path: STAFF_COOKIE_PATH, maxAgeSeconds: 0 });
  meta.setCookie(STAFF_SIGNED_IN_COOKIE, '', { path: '/', maxAgeSeconds: 0, sameSite: 'lax' });
}

/** Ends a member's sessions but `keepToken`'s (the one that made the change, when it is theirs). */
export async function revokeStaffSessions(q: Queryable, staffId: string, keepToken?: string): Promise<void> {
  await q.query(sql`update staff_sessions set revoked_at = now()
     where staff_id = ${staffId} and revoked_at is null and token_hash is distinct from ${keepToken ? sha256(keepToken) : null}`);
}

export const SIGN_IN_REQUIRED = 'Sign in to the back-office';
/** A session unused this long has ended (ASVS 3.3.2), beside BACKOFFICE_SESSION_HOURS. */
const IDLE_MINUTES = 30;
const MANAGERS_ONLY = 'Only a manager can do this';
const SECOND_FACTOR_FIRST = 'Turn on your second factor first: a manager signs in with one.';
const PASSWORD_FIRST = 'Choose your own password first: the one you signed in with was generated.';

/**
 * The member of the request's live session, or 401; with `role: 'manager'`, 403 for staff. The
 * role is read from the database on every call: a demotion takes effect at once. A session whose
 * generated password must be changed (403 `password_change_required`) or whose second factor is
 * due (403 `second_factor_required`) answers so to all but the calls that set the account up
 * (`accountSetup`: who am I, change the password, turn the second factor on).
 */
export async function requireStaff(
  q: Queryable,
  meta: RequestMeta,
  options: { role?: StaffRole; accountSetup?: boolean } = {},
): Promise<Actor> {
  const token = meta.cookie(STAFF_SESSION_COOKIE);
  if (!token) throw new HttpError(401, SIGN_IN_REQUIRED);
  // Each call keeps the session alive; one unused for the idle limit has ended. The last use is
  // written at most once a minute: reading a list is not a write per click.
  const { rows } = await q.query<StaffRow>(sql`with live as (
       update staff_sessions set last_seen_at = case when last_seen_at < now() - interval '1 minute'
                                                     then now() else last_seen_at end
       where token_hash = ${sha256(token)} and revoked_at is null and expires_at > now()
         and last_seen_at > now() - make_interval(mins => ${IDLE_MINUTES})
       returning staff_id, second_factor_due, password_change_due)
     select ${staffColumns('u')}, live.second_factor_due and not u.totp_enabled as second_factor_due,
       live.password_change_due and u.password_change_required as password_change_due
     from live join staff_users u on u.id = live.staff_id where u.disabled_at is null`);
  const row = rows[0];
  if (!row) throw new HttpError(401, SIGN_IN_REQUIRED);
  const due = row.second_factor_due === true;
  const passwordDue = row.password_change_due === true;
  if (!options.accountSetup) {
    if (passwordDue) throw new HttpError(403, PASSWORD_FIRST, undefined, 'password_change_required');
    if (due) throw new HttpError(403, SECOND_FACTOR_FIRST, undefined, 'second_factor_required');
  }
  if (options.role === 'manager' && row.role !== 'manager') throw new HttpError(403, MANAGERS_ONLY);
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    ip: meta.ip,
    row,
    secondFactorDue: due,
    passwordChangeDue: passwordDue,
  };
}
