import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import type { RequestMeta } from '../../platform/request-meta';
import {
  type DeviceCookies,
  rememberDevice as rememberDeviceOf,
  trustedDevice,
} from '../../platform/security/device-cookies';
import { STAFF_COOKIE_PATH } from './staff-session';

/** The cookie of a browser a member has signed in from; it eases throttling, it opens nothing. */
const STAFF_DEVICE_COOKIE = 'staff_device';
const DEVICE_DAYS = 90;

/** A member's browsers (platform/security/device-cookies.ts): a disabled member has none. */
const STAFF_DEVICES: DeviceCookies = {
  cookie: STAFF_DEVICE_COOKIE,
  path: STAFF_COOKIE_PATH,
  table: 'staff_devices',
  ownerColumn: 'staff_id',
  owners: 'staff_users',
  ownerMatches: (email) => sql`lower(o.email) = ${email} and o.disabled_at is null`,
  days: DEVICE_DAYS,
};

/** Whether this browser has signed in as the member with this e-mail (and the cookie is live). */
export async function isTrustedDevice(q: Queryable, meta: RequestMeta, email: string): Promise<boolean> {
  return (await trustedDevice(q, STAFF_DEVICES, meta, email)) !== null;
}

/** After a successful sign-in: this browser is the member's (renewed when it already was). */
export function rememberDevice(q: Queryable, meta: RequestMeta, staffId: string): Promise<void> {
  return rememberDeviceOf(q, STAFF_DEVICES, meta, staffId);
}
