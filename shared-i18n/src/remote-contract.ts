import type { Language } from './languages';

/** What the shell hands every remote's exposed `./App`, rendered inside the shell's router. */
export interface RemoteAppProps {
  language: Language;
  /**
   * Sessions the page's request surely had none of (the gateway reads a hint cookie, `STAFF_SIGNED_IN_COOKIE`; the
   * session cookies themselves are httpOnly and scoped to the functions): the remote shows its
   * sign-in at once, rendered on the server and hydrated alike, instead of "checking" first. It
   * still asks the server, which has the last word. Absent, or a session not named: unknown.
   */
  signedOut?: readonly SessionKind[];
}

/** A session a remote may start signed out of. */
export type SessionKind = 'staff';

/** The sessions a server-rendered page says its request had none of: `<html data-signed-out>`'s value. */
export function signedOutOfPage(attribute: string | null): SessionKind[] {
  return (attribute ?? '').split(' ').includes('staff') ? ['staff'] : [];
}
