import { randomUUID } from 'node:crypto';
import { CONTRACT_PENDING, clientDataFromRecord } from 'shared-api';
import { languageFromPath } from 'shared-i18n';
import type { FunctionContext } from '../../context';
import { sql } from '../../platform/db/sql';
import { HttpError, refusal } from '../../platform/http-error';
import { commitThenRun } from '../../platform/jobs/queue';
import { latestPayment, newMandate, storeMandate } from '../billing';
import { depositOf, heldFor } from '../rental';
import { readMetadata, requireOpenRegistration, touchRegistration } from '../sign-up';
import { autoCountersign } from './company-signature';
import { contractDocument } from './document';
import { signingEmail } from './messages';

const PAYMENT_FIRST = 'The deposit must be paid before the contract.';
const CLIENT_FIRST = 'Create the client before the contract.';

/**
 * The contract to sign: only with the client created and the deposit paid, and never while one is
 * awaiting signatures or completed. It carries the SEPA mandate and the units the deposit holds;
 * the signers get their links by e-mail (the company's never listed in the development outbox).
 */
export async function createContract(ctx: FunctionContext, registrationId: string): Promise<void> {
  await commitThenRun(ctx, async (tx) => {
    const registration = await requireOpenRegistration(tx, registrationId);
    if (!registration.client_id) throw new HttpError(409, CLIENT_FIRST);
    const payment = await latestPayment(tx, registration.id);
    if (payment?.status !== 'completed') throw new HttpError(409, PAYMENT_FIRST);
    const { rows: live } = await tx.query(
      sql`select 1 from contracts where registration_id = ${registration.id} and kind = 'rental' and status in ('awaiting_signatures', 'completed')`,
    );
    if (live.length) throw new HttpError(409, CONTRACT_PENDING);
    const service = readMetadata(registration.metadata).serviceDetails;
    if (!service) throw refusal('selection_required');

    const contractId = randomUUID();
    const mandate = newMandate(ctx.config, registration, contractId);
    const document = contractDocument(
      {
        ...clientDataFromRecord(registration),
        registrationCode: registration.registration_code,
        clientId: registration.client_id,
      },
      service,
      await depositOf(tx, registration),
      {
        name: ctx.config.BUSINESS_NAME,
        email: ctx.config.BUSINESS_EMAIL,
        address: ctx.config.BUSINESS_ADDRESS,
        vat: { ratePercent: ctx.config.VAT_RATE_PERCENT, included: ctx.config.PRICES_INCLUDE_VAT === '1' },
      },
      mandate,
      ctx.clock.now(),
      {
        // The units the paid deposit holds: the very ones let when both have signed.
        unitNumbers: await heldFor(tx, registration.id),
        // The applicant's language: the one of the review page they paid from.
        language: languageFromPath(payment.return_path) ?? 'es',
      },
    );
    const submission = await ctx.esign.createSubmission({
      contractId,
      kind: 'rental',
      title: 'Contrato de alquiler de trastero',
      document,
      signers: [
        { role: 'Cliente', email: registration.email },
        { role: 'Empresa', email: ctx.config.BUSINESS_EMAIL },
      ],
    });
    await tx.query(sql`insert into contracts (id, registration_id, status, provider, provider_submission_id, document)
       values (${contractId}, ${registration.id}, 'awaiting_signatures', ${ctx.esign.name}, ${submission.providerSubmissionId}, ${document})`);
    await storeMandate(tx, mandate, { registrationId: registration.id, contractId });
    // The company signs by itself when the applicant does: no link of its own to e-mail.
    const companySignsItself = ctx.esign.name === 'local' && (await autoCountersign(tx));
    for (const signer of submission.signers) {
      await tx.query(sql`insert into contract_submitters (id, contract_id, role, email, status, token_hash, provider_submitter_id)
         values (${randomUUID()}, ${contractId}, ${signer.role}, ${signer.email}, 'awaiting', ${signer.tokenHash}, ${signer.providerSubmitterId})`);
      if (signer.link && !(signer.role === 'Empresa' && companySignsItself)) {
        await ctx.mailer.send(
          {
            to: signer.email,
            versions: [
              signingEmail(signer.role, {
                link: signer.link,
                name: registration.full_name,
                registrationCode: registration.registration_code,
                language: registration.language,
              }),
            ],
            // Whoever holds the company's link countersigns as the company.
            ...(signer.role === 'Empresa' ? { unlisted: true } : {}),
          },
          tx,
        );
      }
    }
    await touchRegistration(tx, registration.id);
  });
}
