import { hasValidIbanChecksum, isValidSpanishIban, maskIban } from 'shared-api';
import type { Language } from 'shared-i18n';
import type { FunctionContext } from '../../../context';
import type { Queryable } from '../../../platform/db';
import { sql } from '../../../platform/db/sql';
import { paragraph } from '../../../platform/email/content';
import { HttpError, refusal } from '../../../platform/http-error';
import { type Actor, recordAudit } from '../../staff';

const INVALID_IBAN = 'Enter a valid Spanish IBAN (ES and 22 digits).';

/**
 * The rent is collected from another account of the tenant's from now on, under the same mandate
 * (a SEPA amendment). The account the bank last knew is kept until a collection has been presented
 * with the new one; changed back before that, nothing was amended. The tenant is told (with the new
 * account masked): a change they did not ask for does not go unnoticed.
 */
export async function changeDebtorAccount(
  tx: Queryable,
  ctx: Pick<FunctionContext, 'clock' | 'mailer'>,
  actor: Pick<Actor, 'id' | 'email' | 'ip'>,
  input: { registrationId: string; iban: string },
): Promise<{ iban: string }> {
  const iban = input.iban.replace(/\s+/g, '').toUpperCase();
  if (!isValidSpanishIban(iban) || !hasValidIbanChecksum(iban)) throw new HttpError(400, INVALID_IBAN);
  const { rows } = await tx.query<{
    reference: string;
    debtor_iban: string;
    amended_from_iban: string | null;
    email: string;
    full_name: string;
    language: Language;
  }>(sql`select m.reference, m.debtor_iban, m.amended_from_iban, r.email, r.full_name, r.language
     from sepa_mandates m join registrations r on r.id = m.registration_id
     where m.registration_id = ${input.registrationId} and m.status = 'signed' and r.move_in_status = 'allocated'
     for update of m, r`);
  const mandate = rows[0];
  if (!mandate) throw refusal('rental_not_active');
  if (mandate.debtor_iban === iban) throw refusal('bank_account_unchanged');
  const original = mandate.amended_from_iban ?? mandate.debtor_iban;
  const now = ctx.clock.now();
  await tx.query(sql`update sepa_mandates set debtor_iban = ${iban},
       amended_from_iban = ${original === iban ? null : original}, amended_at = ${now}
     where reference = ${mandate.reference}`);
  await tx.query(sql`update registrations set iban = ${iban}, updated_at = now() where id = ${input.registrationId}`);
  await recordAudit(tx, actor, {
    action: 'change_bank_account',
    target: `mandate:${mandate.reference}`,
    before: { iban: maskIban(mandate.debtor_iban) },
    after: { iban: maskIban(iban) },
  });
  const english = mandate.language === 'en';
  await ctx.mailer.send(
    {
      to: mandate.email,
      versions: [
        english
          ? {
              language: 'en',
              subject: 'Your rent account has changed',
              greeting: `Hello ${mandate.full_name},`,
              blocks: [
                paragraph(
                  `From now on your storage rent is collected from the account ${maskIban(iban)}, under the same mandate (${mandate.reference}).`,
                ),
                paragraph('If you did not ask for this change, please contact us at once.'),
              ],
            }
          : {
              language: 'es',
              subject: 'Ha cambiado tu cuenta de cobro',
              greeting: `Hola ${mandate.full_name}:`,
              blocks: [
                paragraph(
                  `A partir de ahora el alquiler de tu trastero se cobra en la cuenta ${maskIban(iban)}, con la misma orden de domiciliación (${mandate.reference}).`,
                ),
                paragraph('Si no has pedido este cambio, ponte en contacto con nosotros cuanto antes.'),
              ],
            },
      ],
    },
    tx,
  );
  return { iban };
}
