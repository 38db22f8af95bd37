import { FUNCTIONS_BASE_PATH } from 'shared-api';
import { ACCOUNT_SESSION_COOKIE, ACCOUNT_SESSION_HOURS, ACCOUNT_SESSION_IDLE_MINUTES } from 'shared-api/account';
import type { FunctionContext } from '../../context';
import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { HttpError } from '../../platform/http-error';
import type { RequestMeta } from '../../platform/request-meta';
import { newToken, sha256 } from '../../platform/security/secrets';
import { type Contact, contactOfKey } from './contact';
import { tenanciesOf } from './sign-in';

/** The account functions' path: the session cookie goes to them and nowhere else. */
const ACCOUNT_COOKIE_PATH = `${FUNCTIONS_BASE_PATH}/account`;
const ACCOUNT_SIGN_IN_REQUIRED = 'Sign in to your account';

/** A tenant signed in: the contact they proved, and the tenancies it names. */
export interface Tenant {
  contact: Contact;
  registrationIds: string[];
}

/** A new session for the contact a sign-in proved: 12 hours at most, on the service clock. */
export async function openAccountSession(
  q: Queryable,
  ctx: Pick<FunctionContext, 'clock'>,
  meta: RequestMeta,
  contactKey: string,
): Promise<void> {
  const { token, hash } = newToken();
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + ACCOUNT_SESSION_HOURS * 3_600_000);
  await q.query(sql`insert into account_sessions (token_hash, contact, created_at, last_seen_at, expires_at, ip)
     values (${hash}, ${contactKey}, ${now}, ${now}, ${expiresAt}, ${meta.ip})`);
  meta.setCookie(ACCOUNT_SESSION_COOKIE, token, {
    path: ACCOUNT_COOKIE_PATH,
    maxAgeSeconds: ACCOUNT_SESSION_HOURS * 3600,
  });
}

export async function closeAccountSession(q: Queryable, ctx: Pick<FunctionContext, 'clock'>, meta: RequestMeta) {
  const token = meta.cookie(ACCOUNT_SESSION_COOKIE);
  if (token) {
    await q.query(sql`update account_sessions set revoked_at = ${ctx.clock.now()}
       where token_hash = ${sha256(token)} and revoked_at is null`);
  }
  meta.setCookie(ACCOUNT_SESSION_COOKIE, '', { path: ACCOUNT_COOKIE_PATH, maxAgeSeconds: 0 });
}

/**
 * The tenant of the request's live session, or 401: live means not revoked, within its 12 hours,
 * and used in the last 30 minutes (each call keeps it alive; the last use is written at most once a
 * minute). A contact that no longer names any tenancy (changed since) has no account either.
 */
export async function requireTenant(
  q: Queryable,
  ctx: Pick<FunctionContext, 'clock'>,
  meta: RequestMeta,
): Promise<Tenant> {
  const token = meta.cookie(ACCOUNT_SESSION_COOKIE);
  if (!token) throw new HttpError(401, ACCOUNT_SIGN_IN_REQUIRED);
  const now = ctx.clock.now();
  const idleSince = new Date(now.getTime() - ACCOUNT_SESSION_IDLE_MINUTES * 60_000);
  const aMinuteAgo = new Date(now.getTime() - 60_000);
  const { rows } = await q.query<{ contact: string }>(sql`update account_sessions
       set last_seen_at = case when last_seen_at < ${aMinuteAgo} then ${now} else last_seen_at end
     where token_hash = ${sha256(token)} and revoked_at is null and expires_at > ${now} and last_seen_at > ${idleSince}
     returning contact`);
  const contact = rows[0] ? contactOfKey(rows[0].contact) : null;
  if (!contact) throw new HttpError(401, ACCOUNT_SIGN_IN_REQUIRED);
  const registrationIds = await tenanciesOf(q, contact);
  if (!registrationIds.length) throw new HttpError(401, ACCOUNT_SIGN_IN_REQUIRED);
  return { contact, registrationIds };
}

/** Every live session of these contacts ends (a contact changed: its sessions must not outlive it). */
export async function revokeAccountSessions(
  q: Queryable,
  ctx: Pick<FunctionContext, 'clock'>,
  contactKeys: string[],
): Promise<void> {
  await q.query(sql`update account_sessions set revoked_at = ${ctx.clock.now()}
     where contact = any(${contactKeys}::text[]) and revoked_at is null`);
}
