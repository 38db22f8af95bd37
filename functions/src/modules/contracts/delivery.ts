import { maskIban } from 'shared-api';
import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
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
 * The signed document as a PDF with its signature certificate, made and kept (once) in the
 * signer's transaction; with the registration it belongs to. Null for an unknown contract.
 */
async function keepSignedPdf(
  tx: Queryable,
  ctx: Pick<MoveInContext, 'config'>,
  contractId: string,
  kind: 'rental' | 'mandate',
): Promise<{ pdf: Buffer; signed: SignedContractRow } | null> {
  const { rows } =
    await tx.query<SignedContractRow>(sql`select c.document, c.provider, r.registration_code, r.full_name, r.email, r.language
     from contracts c join registrations r on r.id = c.registration_id where c.id = ${contractId}`);
  const signed = rows[0];
  if (!signed) return null;
  const { rows: signers } =
    await tx.query<SignerRow>(sql`select role, signed_name, email, signed_at, signed_ip from contract_submitters
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
  await tx.query(sql`insert into signed_contracts (contract_id, document_sha256, pdf) values (${contractId}, ${documentSha256(signed.document)}, ${pdf})
     on conflict (contract_id) do nothing`);
  return { pdf, signed };
}

/**
 * Both parties have signed: the PDF (contract, mandate, signature certificate) is made and kept,
 * and e-mailed to the tenant and to the business with the registration code. In the signer's
 * transaction, so a completed contract always has its PDF on the way.
 */
export async function deliverSignedContract(
  tx: Queryable,
  ctx: Pick<MoveInContext, 'mailer' | 'config'>,
  contractId: string,
  unitNumbers: string[],
  /** A move-in day to come: the units are held until then, and the e-mails say when. */
  moveInDate: string | null = null,
): Promise<void> {
  const kept = await keepSignedPdf(tx, ctx, contractId, 'rental');
  if (!kept) return;
  const { pdf, signed: contract } = kept;
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
  const kept = await keepSignedPdf(tx, ctx, contractId, 'mandate');
  if (!kept) return;
  const { pdf, signed } = kept;
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

/** The PDF both parties signed (contract, mandate, certificate), kept when the contract completed. */
export async function signedContractOf(q: Queryable, id: string): Promise<{ pdf: Buffer; code: string } | null> {
  const { rows } = await q.query<{
    pdf: Buffer | Uint8Array;
    registration_code: string;
  }>(sql`select s.pdf, r.registration_code from signed_contracts s
     join contracts c on c.id = s.contract_id join registrations r on r.id = c.registration_id
     where c.registration_id = ${id} and c.kind = 'rental' and c.status = 'completed' order by c.completed_at desc limit 1`);
  const row = rows[0];
  return row ? { pdf: Buffer.from(row.pdf), code: row.registration_code } : null;
}
