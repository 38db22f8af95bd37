import type { Queryable } from '../../db';
import type { RequestMeta } from '../../router';
import { newToken, sha256 } from '../abridor/secrets';
import { STAFF_COOKIE_PATH } from './staff-session';

/** The cookie of a browser a member has signed in from; it eases throttling, it opens nothing. */
export const STAFF_DEVICE_COOKIE = 'staff_device';
export const DEVICE_DAYS = 90;

/** Whether this browser has signed in as the member with this e-mail (and the cookie is live). */
export async function isTrustedDevice(q: Queryable, meta: RequestMeta, email: string): Promise<boolean> {
  const token = meta.cookie(STAFF_DEVICE_COOKIE);
  if (!token) return false;
  const { rows } = await q.query(
    `select 1 from staff_devices d join staff_users u on u.id = d.staff_id
     where d.token_hash = $1 and d.expires_at > now() and lower(u.email) = $2 and u.disabled_at is null`,
    [sha256(token), email],
  );
  return rows.length > 0;
}

/** After a successful sign-in: this browser is the member's (renewed when it already was). */
export async function rememberDevice(q: Queryable, meta: RequestMeta, staffId: string): Promise<void> {
  const current = meta.cookie(STAFF_DEVICE_COOKIE);
  if (current) {
    const { rows } = await q.query(
      `update staff_devices set last_used_at = now(), expires_at = now() + make_interval(days => $3)
       where token_hash = $1 and staff_id = $2 and expires_at > now() returning 1`,
      [sha256(current), staffId, DEVICE_DAYS],
    );
    if (rows.length) {
      meta.setCookie(STAFF_DEVICE_COOKIE, current, { path: STAFF_COOKIE_PATH, maxAgeSeconds: DEVICE_DAYS * 86_400 });
      return;
    }
  }
  const { token, hash } = newToken();
  await q.query(
    `insert into staff_devices (token_hash, staff_id, expires_at) values ($1, $2, now() + make_interval(days => $3))`,
    [hash, staffId, DEVICE_DAYS],
  );
  meta.setCookie(STAFF_DEVICE_COOKIE, token, { path: STAFF_COOKIE_PATH, maxAgeSeconds: DEVICE_DAYS * 86_400 });
}
