import { parse as parseCookies } from 'cookie';
import type { Request, Response } from 'express';

/** What a handler may know of the call itself, and the one thing it may add to the answer. */
export interface RequestMeta {
  /** The visitor's address (the gateway forwards it; loopback proxies are trusted). */
  ip: string | null;
  /** A cookie the browser sent, by name. */
  cookie(name: string): string | undefined;
  /**
   * Sets an httpOnly, SameSite=Strict cookie on the answer, Secure when the site is on https.
   * `lax` only for a cookie that is no credential, needed on a page opened from a link elsewhere.
   */
  setCookie(
    name: string,
    value: string,
    options: { path: string; maxAgeSeconds?: number; sameSite?: 'strict' | 'lax' },
  ): void;
}

/**
 * On https every cookie is a `__Host-` cookie (ASVS 3.4.4): the browser then keeps it Secure,
 * for this host alone (no Domain a sibling subdomain could set or read) and at Path=/, so no other
 * host or path can plant one of the same name. Over plain http (development, tests) the plain name
 * and the narrow path stay.
 */
function cookieName(name: string, secure: boolean): string {
  return secure ? `__Host-${name}` : name;
}

export function metaOf(req: Request, res: Response, config: { PUBLIC_SITE_URL: string }): RequestMeta {
  let cookies: Record<string, string | undefined> | null = null;
  const secure = req.secure || config.PUBLIC_SITE_URL.startsWith('https:');
  return {
    ip: req.ip ?? null,
    cookie(name) {
      cookies ??= parseCookies(req.headers.cookie ?? '');
      const stored = cookieName(name, secure);
      return Object.hasOwn(cookies, stored) ? cookies[stored] : undefined;
    },
    setCookie(name, value, { path, maxAgeSeconds, sameSite = 'strict' }) {
      res.cookie(cookieName(name, secure), value, {
        httpOnly: true,
        sameSite,
        secure,
        path: secure ? '/' : path,
        ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds * 1000 }),
      });
    },
  };
}
