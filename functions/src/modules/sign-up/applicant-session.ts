import { createHash, randomBytes } from 'node:crypto';
import { APPLICANT_SESSION_REQUIRED, FUNCTIONS_BASE_PATH } from 'shared-api';
import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { HttpError } from '../../platform/http-error';
import type { RequestMeta } from '../../platform/request-meta';
import { isUuid } from './records';

/**
 * The registration id travels in addresses, links and screenshots, so it only locates a
 * registration. Reading or changing one takes the secret of one of its sessions, which the
 * browser holds in an httpOnly cookie that page scripts cannot read.
 */
const APPLICANT_SESSION_COOKIE = 'signup_session';
/** Sliding, like the browser's own session record (spec §6). */
const APPLICANT_SESSION_MINUTES = 15;
/** Only the functions see the cookie; pages and remotes never do. */
const COOKIE_PATH = FUNCTIONS_BASE_PATH;

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Starts a session of the registration and hands its secret to the browser. */
export async function openApplicantSession(q: Queryable, meta: RequestMeta, registrationId: string): Promise<void> {
  const secret = randomBytes(32).toString('base64url');
  await q.query(sql`delete from registration_sessions
     where registration_id = ${registrationId} and last_seen_at < now() - make_interval(mins => ${APPLICANT_SESSION_MINUTES})`);
  await q.query(
    sql`insert into registration_sessions (secret_hash, registration_id) values (${hashOf(secret)}, ${registrationId})`,
  );
  meta.setCookie(APPLICANT_SESSION_COOKIE, secret, { path: COOKIE_PATH });
}

/** True when the call carries a live session of this registration; the session is refreshed. */
export async function holdsApplicantSession(q: Queryable, meta: RequestMeta, registrationId: string): Promise<boolean> {
  const secret = meta.cookie(APPLICANT_SESSION_COOKIE);
  if (!secret || secret.length > 128 || !isUuid(registrationId)) return false;
  const { rows } = await q.query(sql`update registration_sessions set last_seen_at = now()
     where secret_hash = ${hashOf(secret)} and registration_id = ${registrationId} and last_seen_at > now() - make_interval(mins => ${APPLICANT_SESSION_MINUTES})
     returning registration_id`);
  return rows.length > 0;
}

/** 401 without the data unless the call carries a live session of this registration. */
export async function requireApplicantSession(q: Queryable, meta: RequestMeta, registrationId: string): Promise<void> {
  if (!(await holdsApplicantSession(q, meta, registrationId))) throw new HttpError(401, APPLICANT_SESSION_REQUIRED);
}
