import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

type SignerRole = 'Cliente' | 'Empresa';

interface SubmissionRequest {
  contractId: string;
  /** A rental contract (tenant and company sign), or a SEPA mandate alone (the debtor signs). */
  kind: 'rental' | 'mandate';
  title: string;
  document: string;
  signers: { role: SignerRole; email: string }[];
  /**
   * What the template's fields are filled with, read-only (a provider signs its own template, not
   * our text: the mandate's reference, debtor, IBAN and creditor must be on it).
   */
  values?: Record<string, string>;
}

interface CreatedSubmission {
  providerSubmissionId: string;
  signers: {
    role: SignerRole;
    email: string;
    /** Local signing: the link's secret, stored hashed; the link goes out by e-mail. */
    tokenHash: string | null;
    link: string | null;
    providerSubmitterId: string | null;
  }[];
}

/** An e-signature provider behind one seam. */
export interface ESign {
  readonly name: 'local' | 'docuseal';
  createSubmission(request: SubmissionRequest): Promise<CreatedSubmission>;
  /** A submission that must no longer be signed (replaced, cancelled) is withdrawn from the provider. */
  archiveSubmission(providerSubmissionId: string): Promise<void>;
}

export const hashSigningToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The default: signing pages served by this service (`esign`). Each signer gets a link with
 * a 256-bit secret; they review the contract, type their name and consent, or decline.
 */
export function localESign(siteUrl: string): ESign {
  return {
    name: 'local',
    async createSubmission(request) {
      return {
        providerSubmissionId: `local_${request.contractId}`,
        signers: request.signers.map((signer) => {
          const token = randomBytes(32).toString('base64url');
          const link = new URL('/functions/v1/esign', siteUrl);
          link.searchParams.set('token', token);
          return { ...signer, tokenHash: hashSigningToken(token), link: link.toString(), providerSubmitterId: null };
        }),
      };
    },
    // Its pages read the contract's status: one no longer awaiting is not signed.
    async archiveSubmission() {},
  };
}

/** An e-signature provider with templates (DocuSeal's API): one submission, the provider e-mails the signers. */
export function docusealESign(options: {
  apiUrl: string;
  apiKey: string;
  templateId: string;
  /** The template of a mandate signed on its own; without one, a mandate change cannot go to the provider. */
  mandateTemplateId?: string;
  fetch?: typeof fetch;
}): ESign {
  const send = options.fetch ?? fetch;
  return {
    name: 'docuseal',
    async createSubmission(request) {
      const templateId = request.kind === 'mandate' ? options.mandateTemplateId : options.templateId;
      if (!templateId)
        throw new Error('E-signature provider has no template for a mandate (DOCUSEAL_MANDATE_TEMPLATE_ID)');
      const response = await send(new URL('/submissions', options.apiUrl), {
        method: 'POST',
        headers: { 'x-auth-token': options.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({
          template_id: Number(templateId),
          send_email: true,
          external_id: request.contractId,
          submitters: request.signers.map((s) => ({
            role: s.role,
            email: s.email,
            external_id: `${request.contractId}:${s.role}`,
            ...(request.values && s.role === 'Cliente'
              ? {
                  values: request.values,
                  fields: Object.keys(request.values).map((name) => ({ name, readonly: true })),
                }
              : {}),
          })),
        }),
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await response.json().catch(() => null)) as
        | { id?: number; submission_id?: number; role?: string; email?: string }[]
        | null;
      if (!response.ok || !Array.isArray(body) || body.length === 0) {
        throw new Error(`E-signature provider refused the submission (HTTP ${response.status})`);
      }
      return {
        providerSubmissionId: String(body[0]?.submission_id ?? ''),
        signers: request.signers.map((signer) => {
          const match = body.find((b) => b.role === signer.role);
          return { ...signer, tokenHash: null, link: null, providerSubmitterId: match?.id ? String(match.id) : null };
        }),
      };
    },
    async archiveSubmission(providerSubmissionId) {
      const response = await send(new URL(`/submissions/${encodeURIComponent(providerSubmissionId)}`, options.apiUrl), {
        method: 'DELETE',
        headers: { 'x-auth-token': options.apiKey },
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok && response.status !== 404) {
        throw new Error(`E-signature provider did not archive the submission (HTTP ${response.status})`);
      }
    },
  };
}

/** The provider's webhook carries a shared secret header; compared in constant time. */
export function verifySharedSecret(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
