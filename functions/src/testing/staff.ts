import { cookieJar } from './cookie-jar';
import { TEST_MANAGER } from './service';

type Served = { service: { url(path: string): string } };

/** A back-office call's answer as a test reads it. */
export type StaffAnswer = { status: number; body: Record<string, unknown> & { code?: string } };

/**
 * A member of staff's own browser, signed in to the back-office (the manager by default): the
 * returned function calls one action with that session's cookie.
 */
export async function staffSession(
  served: Served,
  who: { email: string; password: string } = TEST_MANAGER,
): Promise<(action: string, payload?: Record<string, unknown>) => Promise<StaffAnswer>> {
  const jar = cookieJar();
  const call = async (action: string, payload: Record<string, unknown> = {}): Promise<StaffAnswer> => {
    const res = await jar.fetch(served.service.url('backoffice'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action, ...payload }),
    });
    return { status: res.status, body: (await res.json()) as StaffAnswer['body'] };
  };
  const login = await call('login', { email: who.email, password: who.password });
  if (login.status !== 200) throw new Error(`${who.email} could not sign in: HTTP ${login.status}`);
  return call;
}
