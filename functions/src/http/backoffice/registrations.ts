import { maskIban, UPLOAD_TYPES, type UploadType } from 'shared-api';
import type { backofficeActions, RegistrationDetail, ReviewedDocument } from 'shared-api/backoffice';
import { settleContract } from '../../modules/contracts';
import { unitsOf } from '../../modules/rental';
import { documentRejectedEmail, REGISTRATION_NOT_FOUND, readMetadata } from '../../modules/sign-up';
import { recordAudit, requireStaff } from '../../modules/staff';
import type { Queryable } from '../../platform/db';
import { toIso } from '../../platform/db/iso';
import { HttpError, refusal } from '../../platform/http-error';
import { commitThenRun } from '../../platform/jobs/queue';
import type { ActionHandlers } from '../router';
import { listRegistrations, PRODUCT_NAME_EN, stageOf } from './registration-queries';

type RegistrationActions = Pick<
  typeof backofficeActions,
  'list_registrations' | 'get_registration' | 'review_document' | 'countersign'
>;

interface DocumentRow extends Record<string, unknown> {
  document_type: UploadType;
  content_type: string;
  size_bytes: number;
  uploaded_at: Date | string;
  review_status: ReviewedDocument['reviewStatus'];
  reviewed_by: string | null;
  reviewed_at: Date | string | null;
  rejection_reason: string | null;
  previous_rejection_reason: string | null;
}

const DOCUMENT_COLUMNS =
  'document_type, content_type, size_bytes, uploaded_at, review_status, reviewed_by, reviewed_at, rejection_reason, previous_rejection_reason';

const toReviewed = (row: DocumentRow): ReviewedDocument => ({
  documentType: row.document_type,
  contentType: row.content_type,
  sizeBytes: Number(row.size_bytes),
  uploadedAt: toIso(row.uploaded_at) ?? '',
  reviewStatus: row.review_status,
  reviewedBy: row.reviewed_by,
  reviewedAt: toIso(row.reviewed_at),
  rejectionReason: row.rejection_reason,
  previousRejectionReason: row.previous_rejection_reason,
});

async function documentsOf(q: Queryable, registrationId: string): Promise<ReviewedDocument[]> {
  const { rows } = await q.query<DocumentRow>(
    `select ${DOCUMENT_COLUMNS} from registration_documents where registration_id = $1`,
    [registrationId],
  );
  const order = (type: UploadType) => UPLOAD_TYPES.indexOf(type);
  return rows.map(toReviewed).sort((a, b) => order(a.documentType) - order(b.documentType));
}

async function registrationDetail(q: Queryable, registrationId: string): Promise<RegistrationDetail> {
  const { rows } = await q.query<Record<string, unknown> & { id: string }>(
    `select id::text as id, registration_code, client_type, full_name, company_name, document_type, document_number,
       cif, email, phone, address, city, postal_code, iban, email_verified, phone_verified, move_in_status,
       rental_ended_at, metadata, created_at, ${PRODUCT_NAME_EN} as product_name_en
     from registrations r where id = $1`,
    [registrationId],
  );
  const row = rows[0];
  if (!row) throw new HttpError(404, REGISTRATION_NOT_FOUND);
  const service = readMetadata(row.metadata).serviceDetails;
  const stage = (await stageOf(q, registrationId)) ?? 'in_progress';
  const { rows: payments } = await q.query<Record<string, unknown>>(
    `select id::text as id, amount, status, provider, created_at, completed_at, refunded_at, refund_reason
     from payments where registration_id = $1 order by created_at desc`,
    [registrationId],
  );
  const { rows: contracts } = await q.query<Record<string, unknown> & { id: string }>(
    `select id::text as id, status, document, created_at, completed_at from contracts where registration_id = $1
     order by created_at desc, id desc limit 1`,
    [registrationId],
  );
  const contract = contracts[0];
  const { rows: signers } = contract
    ? await q.query<Record<string, unknown>>(
        `select role, status, email, signed_name, signed_at from contract_submitters where contract_id = $1 order by role`,
        [contract.id],
      )
    : { rows: [] };
  const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
  const time = (value: unknown) => toIso((value ?? null) as Date | string | null);
  return {
    registration: {
      registrationId: row.id,
      registrationCode: String(row.registration_code),
      fullName: String(row.full_name),
      companyName: text(row.company_name),
      email: String(row.email),
      phone: String(row.phone),
      stage,
      productName: service?.productName ?? null,
      productNameEn: text(row.product_name_en),
      createdAt: time(row.created_at) ?? '',
      clientType: row.client_type as 'individual' | 'company',
      documentType: String(row.document_type),
      documentNumber: String(row.document_number),
      cif: text(row.cif),
      address: String(row.address),
      city: String(row.city),
      postalCode: String(row.postal_code),
      iban: maskIban(String(row.iban)),
      emailVerified: row.email_verified === true,
      phoneVerified: row.phone_verified === true,
      moveInStatus: (text(row.move_in_status) as RegistrationDetail['registration']['moveInStatus']) ?? null,
      period: service?.period ?? null,
      unitsRequired: service?.numberProductsRequired ?? null,
    },
    documents: await documentsOf(q, registrationId),
    payments: payments.map((p) => ({
      id: String(p.id),
      amount: Number(p.amount),
      status: p.status as RegistrationDetail['payments'][number]['status'],
      provider: String(p.provider),
      createdAt: time(p.created_at) ?? '',
      completedAt: time(p.completed_at),
      refundedAt: time(p.refunded_at),
      refundReason: text(p.refund_reason),
    })),
    contract: contract
      ? {
          id: contract.id,
          status: contract.status as NonNullable<RegistrationDetail['contract']>['status'],
          document: String(contract.document ?? ''),
          createdAt: time(contract.created_at) ?? '',
          completedAt: time(contract.completed_at),
          signers: signers.map((s) => ({
            role: s.role as 'Cliente' | 'Empresa',
            status: s.status as NonNullable<RegistrationDetail['contract']>['signers'][number]['status'],
            email: String(s.email),
            signedName: text(s.signed_name),
            signedAt: time(s.signed_at),
          })),
        }
      : null,
    units: await unitsOf(q, registrationId),
  };
}

/** Registrations: the list, one registration, its documents' review and the company's signature. */
export const registrationActions: ActionHandlers<RegistrationActions> = {
  async list_registrations(query, ctx, meta) {
    await requireStaff(ctx.db, meta);
    const { rows, total, page } = await listRegistrations(ctx.db, query);
    return { rows, total, page, pageSize: 20 };
  },

  async get_registration({ registrationId }, ctx, meta) {
    await requireStaff(ctx.db, meta);
    return registrationDetail(ctx.db, registrationId);
  },

  async review_document({ registrationId, documentType, decision, reason }, ctx, meta) {
    const actor = await requireStaff(ctx.db, meta);
    return commitThenRun(ctx, async (tx) => {
      const { rows } = await tx.query<DocumentRow>(
        `select ${DOCUMENT_COLUMNS} from registration_documents
         where registration_id = $1 and document_type = $2 for update`,
        [registrationId, documentType],
      );
      const before = rows[0];
      if (!before) throw new HttpError(404, 'Document not found');
      const { rows: registration } = await tx.query<{
        registration_code: string;
        full_name: string;
        email: string;
        language: 'es' | 'en';
        closed: boolean;
      }>(
        `select registration_code, full_name, email, language,
           global_status = 'completed' or move_in_status is not null as closed
         from registrations where id = $1 for update`,
        [registrationId],
      );
      const applicant = registration[0];
      // A signed tenancy's documents are settled: a rejection would ask for an upload nobody can make.
      if (decision === 'reject' && applicant?.closed) throw refusal('documents_settled');
      const status = decision === 'approve' ? 'approved' : 'rejected';
      const { rows: updated } = await tx.query<DocumentRow>(
        `update registration_documents
         set review_status = $3, reviewed_at = now(), reviewed_by = $4, rejection_reason = $5
         where registration_id = $1 and document_type = $2 returning ${DOCUMENT_COLUMNS}`,
        [registrationId, documentType, status, actor.email, decision === 'reject' ? (reason ?? null) : null],
      );
      const after = toReviewed(updated[0] as DocumentRow);
      // The documents step opens again, so the applicant lands on it when they come back.
      if (decision === 'reject') {
        await tx.query(
          `update registrations set metadata = jsonb_set(metadata, '{completedSections,documents}', 'false'::jsonb)
           where id = $1 and jsonb_typeof(metadata -> 'completedSections') = 'object'`,
          [registrationId],
        );
      }
      await recordAudit(tx, actor, {
        action: `document_${status}`,
        target: `registration:${applicant?.registration_code}:${documentType}`,
        before: { reviewStatus: before.review_status, rejectionReason: before.rejection_reason },
        after: { reviewStatus: after.reviewStatus, rejectionReason: after.rejectionReason },
      });
      // A second rejection of the same document with the same reason (two tabs) e-mails once.
      const repeated = before.review_status === 'rejected' && before.rejection_reason === after.rejectionReason;
      if (decision === 'reject' && applicant && !repeated) {
        // In the applicant's language alone (staff write the reason as they would to them).
        await ctx.mailer.send(
          {
            to: applicant.email,
            versions: [
              documentRejectedEmail(applicant.language, {
                fullName: applicant.full_name,
                registrationCode: applicant.registration_code,
                documentType,
                reason: after.rejectionReason ?? '',
                site: ctx.config.PUBLIC_SITE_URL,
              }),
            ],
          },
          tx,
        );
      }
      return { document: after };
    });
  },

  async countersign({ registrationId, signedName }, ctx, meta) {
    const actor = await requireStaff(ctx.db, meta);
    return commitThenRun(ctx, async (tx) => {
      const { rows } = await tx.query<{
        id: string;
        provider: string;
        client: string | null;
        company_id: string | null;
        company: string | null;
        code: string;
      }>(
        `select c.id::text as id, c.provider, cl.status as client, co.id::text as company_id, co.status as company,
           r.registration_code as code
         from contracts c
         join registrations r on r.id = c.registration_id
         left join contract_submitters cl on cl.contract_id = c.id and cl.role = 'Cliente'
         left join contract_submitters co on co.contract_id = c.id and co.role = 'Empresa'
         where c.registration_id = $1 and c.status = 'awaiting_signatures'
         for update of c`,
        [registrationId],
      );
      const contract = rows[0];
      // Already signed (a second tab, a double click): the contract is not awaiting anyone.
      if (contract?.client !== 'completed' || !contract.company_id || contract.company === 'completed') {
        throw refusal('not_awaiting_company');
      }
      if (contract.provider !== 'local') throw refusal('esign_external');
      const documents = await documentsOf(tx, registrationId);
      if (documents.length < UPLOAD_TYPES.length || documents.some((d) => d.reviewStatus !== 'approved')) {
        throw refusal('documents_not_approved');
      }
      await tx.query(
        `update contract_submitters set status = 'completed', signed_name = $2, signed_at = now(), signed_ip = $3
         where id = $1`,
        [contract.company_id, signedName, meta.ip],
      );
      await settleContract(tx, ctx, contract.id);
      const { rows: settled } = await tx.query<{ status: 'completed' | 'awaiting_signatures' }>(
        'select status from contracts where id = $1',
        [contract.id],
      );
      const units = await unitsOf(tx, registrationId);
      await recordAudit(tx, actor, {
        action: 'countersign',
        target: `registration:${contract.code}`,
        before: { contract: 'awaiting_signatures', Empresa: contract.company },
        after: { contract: settled[0]?.status, Empresa: 'completed', signedName, units },
      });
      return { contractStatus: settled[0]?.status ?? 'completed', units };
    });
  },
};
