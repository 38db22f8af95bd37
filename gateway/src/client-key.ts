import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import { STAFF_SIGNED_IN_COOKIE } from 'shared-api/backoffice';

/** A cookie of the functions service by both its names: on http, and as a `__Host-` cookie on https. */
const bothNames = (name: string) => [name, `__Host-${name}`];

/** The cookies that name one browser's own session with the functions service (a sign-up, a member of staff). */
const SESSION_COOKIES = ['signup_session', 'staff_session'].flatMap(bothNames);

/** Whether a page request surely has no staff session: it carries no `STAFF_SIGNED_IN_COOKIE`. */
export function surelyNoStaffSession(req: Request): boolean {
  const hints = bothNames(STAFF_SIGNED_IN_COOKIE);
  const names = (req.headers.cookie ?? '').split(';').map((part) => part.split('=', 1)[0]?.trim());
  return !names.some((name) => name !== undefined && hints.includes(name));
}
/** What a session secret looks like (base64url, 256 bits and up): anything else keys nothing. */
const SECRET = /^[A-Za-z0-9_-]{32,128}$/;

/** The client's address group: one IPv4 address, one IPv6 /56 (express-rate-limit's grouping). */
export const addressKey = (req: Request): string => ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? '');

/** The session cookie the call carries, hashed (never kept as sent), or null. */
function sessionKey(req: Request): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (SESSION_COOKIES.includes(name) && SECRET.test(value)) {
      return `session:${createHash('sha256').update(value).digest('base64url').slice(0, 22)}`;
    }
  }
  return null;
}

/**
 * Who a call is counted against: its session when it carries one (fifty applicants behind one
 * office's or carrier's address are fifty callers), else its address. A made-up cookie is
 * answered 401 by the functions service, and those 401s count per address (security.ts); the
 * anonymous entry points keep their own per-address and per-recipient limits there.
 */
export const callerKey = (req: Request): string => sessionKey(req) ?? `address:${addressKey(req)}`;
