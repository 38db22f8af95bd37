import { createHash, randomBytes } from 'node:crypto';
import { pathFor } from 'shared-i18n';
import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';

export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new private link to the entry's page: 256 random bits, only the hash stored. */
export async function issuePrivateLink(tx: Queryable, entryId: string, siteUrl: string) {
  const token = randomBytes(32).toString('base64url');
  await tx.query(sql`insert into waitlist_links (token_hash, entry_id) values (${hashLinkToken(token)}, ${entryId})`);
  return { token, ...privateLinks(siteUrl, token) };
}

/** The entry's private page in both languages (the e-mails are bilingual). */
function privateLinks(siteUrl: string, token: string): { es: string; en: string } {
  const link = (lang: 'es' | 'en') => new URL(`${pathFor('waitlist', lang)}/${token}`, siteUrl).toString();
  return { es: link('es'), en: link('en') };
}

/** A deadline as a person in Spain reads it. */
