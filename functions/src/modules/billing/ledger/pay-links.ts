import type { Language } from 'shared-i18n';
import type { FunctionContext } from '../../../context';
import type { Queryable } from '../../../platform/db';
import { sql } from '../../../platform/db/sql';
import { newToken, sha256 } from '../../../platform/security/secrets';

/** A link sent today still works a month later: the balance is read when it is opened, not sent. */
const PAY_LINK_DAYS = 30;

/** The function page a pay link opens (the token is the only key: 256 bits, only its hash kept). */
export const PAY_BALANCE_PATH = '/functions/v1/pay-balance';

/** A new private link for a tenant to pay their overdue balance by card. */
export async function newPayLink(
  tx: Queryable,
  ctx: Pick<FunctionContext, 'clock' | 'config'>,
  registrationId: string,
): Promise<string> {
  const { token, hash } = newToken();
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + PAY_LINK_DAYS * 86_400_000);
  await tx.query(sql`insert into pay_links (token_hash, registration_id, created_at, expires_at)
     values (${hash}, ${registrationId}, ${now}, ${expiresAt})`);
  const url = new URL(PAY_BALANCE_PATH, ctx.config.PUBLIC_SITE_URL);
  url.searchParams.set('token', token);
  return url.toString();
}

export interface PayLinkHolder {
  registrationId: string;
  language: Language;
  /** The first name only: a link may be forwarded, and shows nothing a stranger could use. */
  firstName: string;
}

/** Whose a pay link is, while it is valid (a tenancy that ended may still owe); null otherwise. */
export async function payLinkHolder(q: Queryable, token: string, now: Date): Promise<PayLinkHolder | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const { rows } = await q.query<{ registration_id: string; language: string; full_name: string }>(
    sql`select l.registration_id::text, r.language, r.full_name from pay_links l join registrations r on r.id = l.registration_id
     where l.token_hash = ${sha256(token)} and l.expires_at > ${now} and r.move_in_status in ('allocated', 'ended')`,
  );
  const row = rows[0];
  if (!row) return null;
  return {
    registrationId: row.registration_id,
    language: row.language === 'en' ? 'en' : 'es',
    firstName: row.full_name.trim().split(/\s+/)[0] ?? '',
  };
}
