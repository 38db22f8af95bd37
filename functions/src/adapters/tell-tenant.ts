import type { Language } from 'shared-i18n';
import type { Queryable } from '../platform/db';
import type { Block } from '../platform/email/content';
import type { Mailer } from './mailer';
import type { SmsSender } from './sms';

/** Whom a capability writes to: a tenant, by name, in the language they signed up in. */
export interface Addressee {
  email: string;
  full_name: string;
  language: Language;
  /** For a text message beside the e-mail. */
  phone?: string;
}

/** What is said, in each language: the e-mail's subject and blocks, and a text message if any. */
type Said = Record<Language, { subject: string; blocks: Block[]; sms?: string }>;

/**
 * An e-mail to a tenant in their language, greeted by name (and its text message, when one is
 * said and the tenant has a phone), written to the outbox in the caller's transaction.
 */
export async function tellTenant(
  tx: Queryable,
  ctx: { mailer: Mailer; sms?: SmsSender },
  tenant: Addressee,
  said: Said,
): Promise<void> {
  const language: Language = tenant.language === 'en' ? 'en' : 'es';
  const text = said[language];
  await ctx.mailer.send(
    {
      to: tenant.email,
      versions: [
        {
          language,
          subject: text.subject,
          greeting: language === 'en' ? `Hello ${tenant.full_name},` : `Hola ${tenant.full_name}:`,
          blocks: text.blocks,
        },
      ],
    },
    tx,
  );
  if (text.sms && tenant.phone && ctx.sms) await ctx.sms.queue({ to: tenant.phone, text: text.sms }, tx);
}
