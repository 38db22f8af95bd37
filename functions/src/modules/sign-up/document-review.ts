import { UPLOAD_TYPES, type UploadType } from 'shared-api';
import type { ReviewedDocument } from 'shared-api/backoffice';
import { BACKOFFICE_BASE } from 'shared-i18n';
import type { FunctionContext } from '../../context';
import type { Queryable } from '../../platform/db';
import { toIso } from '../../platform/db/iso';
import { sql } from '../../platform/db/sql';
import { action, paragraph } from '../../platform/email/content';
import { HttpError, refusal } from '../../platform/http-error';
import { commitThenRun } from '../../platform/jobs/queue';
import { restoreAccess, scheduleArrearsCheck, suspendAccess, tellOfDocument } from '../billing';
import { type Actor, recordAudit } from '../staff';
import { storeDocument } from './documents/store';
import { documentRejectedEmail, rejectedDocumentProblem } from './messages';

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

const DOCUMENT_COLUMNS = sql`document_type, content_type, size_bytes, uploaded_at, review_status, reviewed_by, reviewed_at,
  rejection_reason, previous_rejection_reason`;

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

export async function reviewedDocuments(q: Queryable, registrationId: string): Promise<ReviewedDocument[]> {
  const { rows } = await q.query<DocumentRow>(
    sql`select ${DOCUMENT_COLUMNS} from registration_documents where registration_id = ${registrationId}`,
  );
  const order = (type: UploadType) => UPLOAD_TYPES.indexOf(type);
  return rows.map(toReviewed).sort((a, b) => order(a.documentType) - order(b.documentType));
}

/**
 * A moved-in tenant's documents after a review: one rejected shuts the door until a new one is
 * accepted (they are told, with the way to their account); none rejected any more, a door shut
 * for that opens again (and the arrears rules look again, in case they shut it too).
 */
async function settleTenantDocuments(
  tx: Queryable,
  ctx: FunctionContext,
  registrationId: string,
  tenant: { full_name: string; email: string; phone: string; language: 'es' | 'en'; registration_code: string },
  { rejected }: { rejected: { documentType: UploadType; reason: string } | null },
) {
  if (rejected) {
    const problem = rejectedDocumentProblem(rejected.documentType, rejected.reason);
    const suspended = await suspendAccess(tx, ctx, registrationId, { by: 'documents', reason: problem });
    // Not moved in yet, or shut already for another reason: told all the same.
    if (!suspended) await tellOfDocument(tx, ctx, tenant, problem, false);
    return;
  }
  const { rows } = await tx.query<{ rejected: boolean; by: string | null }>(sql`select
       exists (select 1 from registration_documents where registration_id = ${registrationId}
         and (review_status = 'rejected' or (review_status = 'pending' and previous_rejection_reason is not null))) as rejected,
       (select access_suspended_by from registrations where id = ${registrationId}) as by`);
  if (!rows[0]?.rejected && rows[0]?.by === 'documents' && (await restoreAccess(tx, ctx, registrationId))) {
    await scheduleArrearsCheck(tx, ctx, registrationId);
  }
}

/**
 * Staff approve or reject an uploaded document. A rejection reopens the documents step and tells
 * the applicant why, in their language, once however often it is pressed; a signed tenancy's
 * documents are settled.
 */
export async function reviewDocument(
  ctx: FunctionContext,
  actor: Actor,
  {
    registrationId,
    documentType,
    decision,
    reason,
  }: {
    registrationId: string;
    documentType: UploadType;
    decision: 'approve' | 'reject';
    reason?: string | undefined;
  },
) {
  return commitThenRun(ctx, async (tx) => {
    const { rows } = await tx.query<DocumentRow>(sql`select ${DOCUMENT_COLUMNS} from registration_documents
       where registration_id = ${registrationId} and document_type = ${documentType} for update`);
    const before = rows[0];
    if (!before) throw new HttpError(404, 'Document not found');
    const { rows: registration } = await tx.query<{
      registration_code: string;
      full_name: string;
      email: string;
      phone: string;
      language: 'es' | 'en';
      closed: boolean;
      move_in_status: string | null;
    }>(sql`select registration_code, full_name, email, phone, language, move_in_status,
         global_status = 'completed' or move_in_status is not null as closed
       from registrations where id = ${registrationId} for update`);
    const applicant = registration[0];
    // Signed with the company's automatic signature, a tenant moves in before their documents are
    // reviewed: one rejected then is replaced from their account, the door shut until it is
    // accepted. An ended tenancy's documents are settled.
    const tenant = Boolean(applicant?.closed && applicant.move_in_status !== 'ended');
    if (decision === 'reject' && applicant?.closed && !tenant) throw refusal('documents_settled');
    const status = decision === 'approve' ? 'approved' : 'rejected';
    const { rows: updated } = await tx.query<DocumentRow>(sql`update registration_documents
       set review_status = ${status}, reviewed_at = now(), reviewed_by = ${actor.email}, rejection_reason = ${decision === 'reject' ? (reason ?? null) : null}
       where registration_id = ${registrationId} and document_type = ${documentType} returning ${DOCUMENT_COLUMNS}`);
    const after = toReviewed(updated[0] as DocumentRow);
    // The documents step opens again, so the applicant lands on it when they come back.
    if (decision === 'reject' && !tenant) {
      await tx.query(sql`update registrations set metadata = jsonb_set(metadata, '{completedSections,documents}', 'false'::jsonb)
         where id = ${registrationId} and jsonb_typeof(metadata -> 'completedSections') = 'object'`);
    }
    await recordAudit(tx, actor, {
      action: `document_${status}`,
      target: `registration:${applicant?.registration_code}:${documentType}`,
      before: { reviewStatus: before.review_status, rejectionReason: before.rejection_reason },
      after: { reviewStatus: after.reviewStatus, rejectionReason: after.rejectionReason },
    });
    // A second rejection of the same document with the same reason (two tabs) e-mails once.
    const repeated = before.review_status === 'rejected' && before.rejection_reason === after.rejectionReason;
    if (tenant && applicant) {
      await settleTenantDocuments(tx, ctx, registrationId, applicant, {
        rejected: decision === 'reject' && !repeated ? { documentType, reason: after.rejectionReason ?? '' } : null,
      });
      return { document: after };
    }
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
}

/**
 * A tenant replaced, from their account, a document staff rejected after the move-in: stored and
 * checked like the sign-up's, and the office is told there is one to review (their door waits).
 */
export async function replaceRejectedDocument(
  ctx: FunctionContext,
  input: { registrationId: string; documentType: UploadType; file: Buffer },
): Promise<void> {
  await storeDocument(ctx, input, 'tenant');
  const { rows } = await ctx.db.query<{ registration_code: string; full_name: string }>(
    sql`select registration_code, full_name from registrations where id = ${input.registrationId}`,
  );
  const row = rows[0];
  if (!row) return;
  const page = new URL(`${BACKOFFICE_BASE.es}/altas/${input.registrationId}`, ctx.config.PUBLIC_SITE_URL).toString();
  await ctx.mailer.send({
    to: ctx.config.BUSINESS_EMAIL,
    versions: [
      {
        language: 'es',
        subject: `Documento nuevo para revisar · ${row.registration_code} · ${row.full_name}`,
        blocks: [
          paragraph(
            `${row.full_name} (${row.registration_code}) ha subido desde su cuenta un documento nuevo en lugar del rechazado: ${rejectedDocumentProblem(input.documentType, null).replace(/: $/, '')}. Su acceso a la puerta espera a que lo aprobéis.`,
          ),
          action('Revisarlo en la gestión', page),
        ],
      },
    ],
  });
}
