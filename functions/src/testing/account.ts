import { TEST_APPLICANT } from 'shared-api/testing';
import type { Queryable } from '../platform/db';
import { sql } from '../platform/db/sql';
import { cookieJar } from './cookie-jar';
import type { ServedFunctions } from './service';
import { signUpToContract } from './sign-up';

/** An account call's answer as a test reads it. */
export type AccountAnswer = { status: number; body: Record<string, unknown> & { code?: string } };
type Served = { service: Pick<ServedFunctions, 'url' | 'sentTo'> };

/** A browser of its own (its cookies, or `jar`'s) calling the tenant's account function, signed in or not. */
export function accountBrowser(served: Served, jar = cookieJar()) {
  return async (action: string, payload: Record<string, unknown> = {}): Promise<AccountAnswer> => {
    const res = await jar.fetch(served.service.url('account'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action, ...payload }),
    });
    return { status: res.status, body: (await res.json()) as AccountAnswer['body'] };
  };
}

/** The newest sign-in link's secret e-mailed to `email`. */
export async function signInLinkSecret(served: Served, email: string): Promise<string> {
  const mails = (await served.service.sentTo(email)).filter((m) =>
    /^(Tu enlace para entrar|Your sign-in link)$/.test(m.subject ?? ''),
  );
  return /(?:acceso|access)=([\w-]{43})/.exec(mails.at(-1)?.body ?? '')?.[1] ?? '';
}

/** A tenant's own browser, signed in to their account by the e-mailed link. */
export async function accountSession(served: Served, email = 'ana@example.com', jar = cookieJar()) {
  const call = accountBrowser(served, jar);
  await call('request_sign_in', { contact: email });
  const verified = await call('verify_sign_in', { token: await signInLinkSecret(served, email) });
  if (verified.status !== 200) {
    const sent = (await served.service.sentTo(email)).map((m) => m.subject);
    throw new Error(`signing in ${email} failed: ${JSON.stringify(verified.body)}; sent: ${JSON.stringify(sent)}`);
  }
  return call;
}

/** A tenant moved in (both signatures, the queue run), by default the shared test applicant. */
export async function movedInTenant(
  served: Parameters<typeof signUpToContract>[0],
  applicant: Record<string, string> = TEST_APPLICANT,
) {
  const signUp = await signUpToContract(served, { applicant });
  await signUp.sign('Cliente');
  await signUp.sign('Empresa');
  await served.service.ctx.jobs.runDue();
  return signUp;
}

/** No account session or sign-in left from an earlier test (their cooldowns run on the shared clock). */
export async function resetAccounts(db: Queryable): Promise<void> {
  await db.query(sql`delete from account_sessions`);
  await db.query(sql`delete from account_sign_ins`);
}
