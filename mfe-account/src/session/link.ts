import { PRIVATE_TOKEN } from 'shared-i18n';

/** The names the sign-in link's secret goes by after `#`, per language (`#acceso=…`, `#access=…`). */
const LINK_KEYS = ['acceso', 'access'] as const;

/**
 * The secret of a sign-in link, read from the page's fragment (never sent to a server, so never in
 * a log or a Referer), or null when the fragment carries none or a malformed one.
 */
export function signInLinkToken(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  for (const key of LINK_KEYS) {
    const token = params.get(key);
    if (token !== null) return PRIVATE_TOKEN.test(token) ? token : null;
  }
  return null;
}

/** True when the fragment is a sign-in link's at all (a valid one or not): the page then says so. */
export const isSignInLink = (hash: string) =>
  LINK_KEYS.some((key) => new URLSearchParams(hash.replace(/^#/, '')).has(key));
