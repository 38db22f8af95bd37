import { cookieJar } from './cookie-jar';
import { TEST_MANAGER } from './service';

type Served = { service: { url(path: string): string } };

/** A back-office call's answer as a test reads it. */
export type StaffAnswer = { status: number; body: Record<string, unknown> & { code?: string } };

/** A browser of its own (its cookies, or `jar`'s) calling the back-office function, signed in or not. */
export function staffBrowser(served: Served, jar = cookieJar()) {
  return async (action: string, payload: Record<string, unknown> = {}): Promise<StaffAnswer> => {
    const res = await jar.fetch(served.service.url('backoffice'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action, ...payload }),
    });
    return { status: res.status, body: (await res.json()) as StaffAnswer['body'] };
  };
}

/**
 * A member of staff's own browser, signed in to the back-office (the manager by default): the
 * returned function calls one action with that session's cookie.
 */
export async function staffSession(
  served: Served,
  who: { email: string; password: string } = TEST_MANAGER,
  jar = cookieJar(),
): Promise<(action: string, payload?: Record<string, unknown>) => Promise<StaffAnswer>> {
  const call = staffBrowser(served, jar);
  const login = await call('login', { email: who.email, password: who.password });
  if (login.status !== 200) throw new Error(`${who.email} could not sign in: HTTP ${login.status}`);
  return call;
}

/**
 * A manager adds a member; the member opens the invitation e-mailed to them and chooses their
 * own password (as the reset page does). Returns what the member signs in with.
 */
export async function inviteStaff<T extends { status: number }>(
  served: Served & { service: { sentTo(recipient: string): Promise<{ body: string }[]> } },
  manager: (action: 'add_staff', payload: Record<string, unknown>) => Promise<T>,
  member: { email: string; name: string; role: 'staff' | 'manager' },
  password = 'tres-palabras-sueltas-2026',
): Promise<{ email: string; password: string; added: T }> {
  const added = await manager('add_staff', member);
  if (added.status !== 200) return { email: member.email, password, added };
  const invitation = (await served.service.sentTo(member.email)).at(-1)?.body ?? '';
  const token = /#([A-Za-z0-9_-]{43})/.exec(invitation)?.[1] ?? '';
  const res = await fetch(served.service.url('backoffice'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'reset_password', token, newPassword: password }),
  });
  if (res.status !== 200) throw new Error(`${member.email} could not choose a password: HTTP ${res.status}`);
  return { email: member.email, password, added };
}
