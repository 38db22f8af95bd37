import { maskIban } from 'shared-api';
import { z } from 'zod';
import type { FunctionContext } from '../../context';
import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import type { JobHandler } from '../../platform/jobs/queue';
import type { MoveInContext } from '../rental';
import { signedContractEmail, signedContractNotice, signedMandateEmail } from './messages';
import { documentSha256, signedContractPdf } from './signed-pdf';

interface SignedContractRow extends Record<string, unknown> {
  document: string;
  provider: string;
  registration_code: string;
  full_name: string;
  email: string;
  language: 'es' | 'en';
}

interface SignerRow extends Record<string, unknown> {
  role: 'Cliente' | 'Empresa';
  signed_name: string | null;
  email: string;
  signed_at: Date | string | null;
  signed_ip: string | null;
}

/**
 * The signed document as a PDF with its signature certificate (the one kept, once there is one);
 * with the registration it belongs to. Null for an unknown contract. Drawing it is CPU work of
 * a few hundred milliseconds: not inside a transaction that others wait on (PGlite has one
 * connection).
 */
async function signedPdfOf(
  q: Queryable,
  ctx: Pick<MoveInContext, 'config'>,
  contractId: string,
  kind: 'rental' | 'mandate',
): Promise<{ pdf: Buffer; signed: SignedContractRow; kept: boolean } | null> {
  const { rows } =
    await q.query<SignedContractRow>(sql`select c.document, c.provider, r.registration_code, r.full_name, r.email, r.language
     from contracts c join registrations r on r.id = c.registration_id where c.id = ${contractId}`);
  const signed = rows[0];
  // An erased tenant's contract keeps no text: there is nothing to draw, send or give.
  if (!signed || signed.document === '') return null;
  const { rows: kept } = await q.query<{ pdf: Buffer | Uint8Array }>(
    sql`select pdf from signed_contracts where contract_id = ${contractId}`,
  );
  if (kept[0]) return { pdf: Buffer.from(kept[0].pdf), signed, kept: true };
  const { rows: signers } =
    await q.query<SignerRow>(sql`select role, signed_name, email, signed_at, signed_ip from contract_submitters
     where contract_id = ${contractId} order by role`);
  const pdf = await signedContractPdf({
    kind,
    registrationCode: signed.registration_code,
    contractId,
    document: signed.document,
    signatureProvider:
      signed.provider === 'local' ? 'páginas de firma del sitio / site signing pages' : signed.provider,
    businessName: ctx.config.BUSINESS_NAME,
    signers: signers.map((signer) => ({
      role: signer.role,
      // A provider's webhook reports the signature without the typed name: the e-mail identifies them.
      name: signer.signed_name ?? (signer.role === 'Cliente' ? signed.full_name : ctx.config.BUSINESS_NAME),
      email: signer.email,
      signedAt: new Date(signer.signed_at ?? Date.now()),
      ip: signer.signed_ip,
    })),
  });
  return { pdf, signed, kept: false };
}

/** Keeps the drawn PDF; false when one was kept already (by an earlier run: nothing more to do). */
async function keepSignedPdf(
  tx: Queryable,
  contractId: string,
  { pdf, signed }: { pdf: Buffer; signed: SignedContractRow },
): Promise<boolean> {
  const { rows } = await tx.query(sql`insert into signed_contracts (contract_id, document_sha256, pdf)
     values (${contractId}, ${documentSha256(signed.document)}, ${pdf})
     on conflict (contract_id) do nothing returning contract_id`);
  return rows.length > 0;
}

const DELIVER_SIGNED_JOB = 'contracts.deliver_signed';

const deliveryPayload = z.object({
  contractId: z.string(),
  unitNumbers: z.array(z.string()),
  moveInDate: z.string().nullable(),
});

/**
 * Both parties have signed: the PDF and its e-mails follow as a job written in the signer's
 * transaction (it exists exactly when the completed contract does, and runs once it commits), so
 * the last signer's answer does not wait for a PDF to be drawn and two e-mails rendered.
 */
export function scheduleSignedContractDelivery(
  tx: Queryable,
  ctx: Pick<MoveInContext, 'jobs'>,
  delivery: z.infer<typeof deliveryPayload>,
): Promise<void> {
  return ctx.jobs.schedule(tx, {
    kind: DELIVER_SIGNED_JOB,
    payload: delivery,
    key: `deliver-signed:${delivery.contractId}`,
  });
}

/**
 * The signed contract's delivery, after the signer's answer: the PDF is drawn outside any
 * transaction, then kept and e-mailed in one, so a run again (after a crash) finds it kept and
 * sends nothing twice.
 */
export function contractJobs(
  ctx: Pick<FunctionContext, 'db' | 'jobs' | 'mailer' | 'config'>,
): Record<string, JobHandler> {
  return {
    [DELIVER_SIGNED_JOB]: {
      async external(payload) {
        const { contractId, unitNumbers, moveInDate } = deliveryPayload.parse(payload);
        const drawn = await signedPdfOf(ctx.db, ctx, contractId, 'rental');
        if (!drawn || drawn.kept) return;
        await ctx.db.transaction(async (tx) => {
          if (await keepSignedPdf(tx, contractId, drawn)) {
            await sendSignedContract(tx, ctx, drawn, unitNumbers, moveInDate);
          }
        });
        // The e-mails' delivery is a job of its own, due now.
        ctx.jobs.wake();
      },
    },
  };
}

/** The signed contract to the tenant (in their language) and to the business, with the PDF. */
async function sendSignedContract(
  tx: Queryable,
  ctx: Pick<MoveInContext, 'mailer' | 'config'>,
  { pdf, signed: contract }: { pdf: Buffer; signed: SignedContractRow },
  unitNumbers: string[],
  /** A move-in day to come: the units are held until then, and the e-mails say when. */
  moveInDate: string | null,
): Promise<void> {
  const attachment = {
    filename: `contrato-${contract.registration_code}.pdf`,
    contentType: 'application/pdf',
    content: pdf,
  };
  const unit = unitNumbers.length ? unitNumbers.join(', ') : null;
  // The tenant's copy in the language they signed up in, alone.
  await ctx.mailer.send(
    {
      to: contract.email,
      versions: [
        signedContractEmail(contract.language, {
          fullName: contract.full_name,
          registrationCode: contract.registration_code,
          unit,
          moveInDate,
        }),
      ],
      attachments: [attachment],
    },
    tx,
  );
  await ctx.mailer.send(
    {
      to: ctx.config.BUSINESS_EMAIL,
      versions: [
        signedContractNotice({
          fullName: contract.full_name,
          email: contract.email,
          registrationCode: contract.registration_code,
          unit,
          moveInDate,
        }),
      ],
      attachments: [attachment],
    },
    tx,
  );
}

/**
 * A mandate the tenant signed in place of another: its PDF (the mandate and the signature
 * certificate) is kept and e-mailed to them; the rent is collected under it from now on.
 */
export async function deliverSignedMandate(
  tx: Queryable,
  ctx: Pick<MoveInContext, 'mailer' | 'config'>,
  contractId: string,
  mandate: { reference: string; debtorIban: string },
): Promise<void> {
  const drawn = await signedPdfOf(tx, ctx, contractId, 'mandate');
  if (!drawn) return;
  if (!drawn.kept) await keepSignedPdf(tx, contractId, drawn);
  const { pdf, signed } = drawn;
  await ctx.mailer.send(
    {
      to: signed.email,
      versions: [
        signedMandateEmail(signed.language, {
          fullName: signed.full_name,
          registrationCode: signed.registration_code,
          maskedIban: maskIban(mandate.debtorIban),
          reference: mandate.reference,
        }),
      ],
      attachments: [
        { filename: `orden-domiciliacion-${mandate.reference}.pdf`, contentType: 'application/pdf', content: pdf },
      ],
    },
    tx,
  );
}

/**
 * The PDF both parties signed (contract, mandate, certificate) of a registration's completed
 * contract; made now if its delivery has not run yet (asked for the moment it was signed).
 */
export async function signedContractOf(
  ctx: Pick<FunctionContext, 'db' | 'config'>,
  id: string,
): Promise<{ pdf: Buffer; code: string } | null> {
  const { rows } = await ctx.db.query<{ id: string }>(
    sql`select id::text from contracts where registration_id = ${id} and kind = 'rental' and status = 'completed'
     order by completed_at desc limit 1`,
  );
  const contractId = rows[0]?.id;
  if (!contractId) return null;
  // Drawn, not kept: its delivery keeps the one it e-mails.
  const drawn = await signedPdfOf(ctx.db, ctx, contractId, 'rental');
  return drawn ? { pdf: drawn.pdf, code: drawn.signed.registration_code } : null;
}
