import { randomUUID } from 'node:crypto';
import { hasValidIbanChecksum, isValidSpanishIban, maskIban } from 'shared-api';
import type { Language } from 'shared-i18n';
import type { FunctionContext } from '../../context';
import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { HttpError, refusal } from '../../platform/http-error';
import { type MandateDebtor, newMandate, settleMandate, storeMandate } from '../billing';
import { mandateDocument } from './document';
import { mandateSigningEmail } from './messages';

/** Said in the page's language by the account; the API's own words are English. */
const INVALID_IBAN = 'Enter a valid Spanish IBAN (ES and 22 digits).';
/** New mandates sent to sign for one rental within an hour: each is an e-mail to the tenant. */
const MANDATE_CHANGES_PER_HOUR = 3;
/** A new mandate not signed within this long is void: an old e-mail is no way to move the rent. */
const MANDATE_SIGNING_DAYS = 14;
const lifetime = (now: Date) => new Date(now.getTime() - MANDATE_SIGNING_DAYS * 86_400_000);
/** Whether a new mandate sent at `sentAt` may still be signed. */
export const mandateStillSignable = (sentAt: Date, now: Date) => sentAt > lifetime(now);

type MandateChangeContext = Pick<FunctionContext, 'config' | 'clock' | 'esign' | 'mailer' | 'log'>;

/** The change of account awaiting the tenant's signature (within its lifetime), if any. */
export async function pendingMandateChange(
  q: Queryable,
  registrationId: string,
  now: Date,
): Promise<{ maskedIban: string; requestedAt: Date } | null> {
  const { rows } = await q.query<{ debtor_iban: string; created_at: Date | string }>(
    sql`select m.debtor_iban, c.created_at from contracts c join sepa_mandates m on m.contract_id = c.id
     where c.registration_id = ${registrationId} and c.kind = 'mandate' and c.status = 'awaiting_signatures'
       and c.created_at > ${lifetime(now)}`,
  );
  const row = rows[0];
  return row ? { maskedIban: maskIban(row.debtor_iban), requestedAt: new Date(row.created_at) } : null;
}

/**
 * A change awaiting signature is dropped (a new one replaces it, the tenant or staff thought
 * better of it, the contact it went to changed): its link stops working, and a provider's
 * submission is withdrawn (best effort: one signed there anyway finds nothing awaiting).
 */
export async function dropMandateChange(
  tx: Queryable,
  ctx: Pick<FunctionContext, 'clock' | 'esign' | 'log'>,
  registrationId: string,
): Promise<boolean> {
  const { rows } = await tx.query<{ id: string; provider_submission_id: string | null; provider: string }>(
    sql`update contracts set status = 'expired', expired_at = ${ctx.clock.now()}
     where registration_id = ${registrationId} and kind = 'mandate' and status = 'awaiting_signatures'
     returning id::text, provider, provider_submission_id`,
  );
  for (const row of rows) {
    await settleMandate(tx, row.id, 'cancelled');
    if (row.provider !== 'local' && row.provider_submission_id) {
      await ctx.esign.archiveSubmission(row.provider_submission_id).catch((error: unknown) => {
        ctx.log.warn({ err: error, contractId: row.id }, 'mandate submission not withdrawn from the provider');
      });
    }
  }
  return rows.length > 0;
}

/**
 * The tenant wants the rent taken from another account: a new SEPA mandate in their name for it,
 * sent to sign through the e-signature flow (their e-mail on file gets the link). Nothing changes
 * until they sign; signed, it replaces the mandate in force (`replaceMandate`). One awaits at a
 * time: asking again replaces the one awaiting.
 */
export async function requestMandateChange(
  tx: Queryable,
  ctx: MandateChangeContext,
  input: { registrationId: string; iban: string },
): Promise<{ maskedIban: string }> {
  const iban = input.iban.replace(/\s+/g, '').toUpperCase();
  if (!isValidSpanishIban(iban) || !hasValidIbanChecksum(iban)) throw new HttpError(400, INVALID_IBAN);
  const { rows } = await tx.query<
    MandateDebtor & { id: string; email: string; language: Language; reference: string; debtor_iban: string }
  >(sql`select r.id::text, r.registration_code, r.client_type, r.full_name, r.company_name, r.address, r.postal_code,
       r.city, r.email, r.language, m.reference, m.debtor_iban
     from registrations r join sepa_mandates m on m.registration_id = r.id and m.status = 'signed'
     where r.id = ${input.registrationId} and r.move_in_status = 'allocated'
     for update of r`);
  const registration = rows[0];
  if (!registration) throw refusal('rental_not_active');
  if (registration.debtor_iban === iban) throw refusal('bank_account_unchanged');
  const now = ctx.clock.now();
  const { rows: recent } = await tx.query<{ count: number }>(sql`select count(*)::int as count from contracts
     where registration_id = ${registration.id} and kind = 'mandate'
       and created_at > ${new Date(now.getTime() - 3_600_000)}`);
  if ((recent[0]?.count ?? 0) >= MANDATE_CHANGES_PER_HOUR) throw refusal('mandate_change_throttled');
  await dropMandateChange(tx, ctx, registration.id);

  const contractId = randomUUID();
  const mandate = newMandate(ctx.config, { ...registration, iban }, contractId);
  const document = mandateDocument(
    mandate,
    { reference: registration.reference, registrationCode: registration.registration_code },
    registration.language,
  );
  const submission = await ctx.esign.createSubmission({
    contractId,
    kind: 'mandate',
    title: 'Orden de domiciliación SEPA',
    document,
    signers: [{ role: 'Cliente', email: registration.email }],
    values: {
      'Referencia de la orden': mandate.reference,
      'Identificador del acreedor': mandate.creditorIdentifier,
      Acreedor: mandate.creditorName,
      Deudor: mandate.debtorName,
      'Dirección del deudor': mandate.debtorAddress,
      IBAN: mandate.debtorIban,
      'Sustituye a la orden': registration.reference,
    },
  });
  await tx.query(sql`insert into contracts (id, registration_id, kind, status, provider, provider_submission_id, document, created_at)
     values (${contractId}, ${registration.id}, 'mandate', 'awaiting_signatures', ${ctx.esign.name}, ${submission.providerSubmissionId}, ${document}, ${now})`);
  await storeMandate(tx, mandate, { registrationId: registration.id, contractId });
  const maskedIban = maskIban(iban);
  for (const signer of submission.signers) {
    await tx.query(sql`insert into contract_submitters (id, contract_id, role, email, status, token_hash, provider_submitter_id)
       values (${randomUUID()}, ${contractId}, ${signer.role}, ${signer.email}, 'awaiting', ${signer.tokenHash}, ${signer.providerSubmitterId})`);
    if (signer.link) {
      await ctx.mailer.send(
        {
          to: signer.email,
          versions: [
            mandateSigningEmail({
              link: signer.link,
              name: registration.full_name,
              registrationCode: registration.registration_code,
              maskedIban,
              language: registration.language,
            }),
          ],
        },
        tx,
      );
    }
  }
  return { maskedIban };
}
