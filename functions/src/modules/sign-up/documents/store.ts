import type { UploadType } from 'shared-api';
import type { FunctionContext } from '../../../context';
import { sql } from '../../../platform/db/sql';
import { HttpError, refusal } from '../../../platform/http-error';
import { requireOpenRegistration, touchRegistration } from '../records';
import { reencodeImage } from './image';
import { inspectPdf, type PdfVerdict } from './pdf';
import { type DocumentKind, sniffDocument } from './sniff';

export const INVALID_FORMAT = 'Invalid format: Please upload files in PDF, JPG, or PNG format.';
export const PDF_ACTIVE_CONTENT =
  'Invalid format: PDF files with scripts, automatic actions, forms that send data or attached files are not accepted.';
export const PDF_ENCRYPTED = 'Invalid format: password-protected (encrypted) PDF files are not accepted.';

/** A refused file: 415 with its reason, the same status the sign-up page reads as "invalid format". */
const unacceptable = (message: string) => new HttpError(415, message, { file: message });
const PDF_REFUSALS: Record<Exclude<PdfVerdict, 'clean'>, string> = {
  unreadable: INVALID_FORMAT,
  encrypted: PDF_ENCRYPTED,
  active: PDF_ACTIVE_CONTENT,
};

/**
 * The bytes to store: an image encoded again from its pixels alone (`image.ts`), a PDF as sent
 * once nothing in it runs, opens or carries a file (`pdf.ts`). Throws the 415 otherwise.
 */
async function storable(kind: DocumentKind, bytes: Buffer): Promise<Buffer> {
  if (kind.extension !== 'pdf') {
    const image = await reencodeImage(bytes, kind);
    if (!image) throw unacceptable(INVALID_FORMAT);
    return image;
  }
  const verdict = await inspectPdf(bytes);
  if (verdict !== 'clean') throw unacceptable(PDF_REFUSALS[verdict]);
  return bytes;
}

/**
 * Stores an applicant's document privately at `{registrationId}/{registrationId}_{documentType}.{ext}`
 * (replacing an earlier one, whatever its format) and records it for review: the type its bytes
 * are, never the name it came with. Returns where it is.
 */
export async function storeDocument(
  ctx: FunctionContext,
  { registrationId, documentType, file }: { registrationId: string; documentType: UploadType; file: Buffer },
  /**
   * `tenant`: one who moved in replaces, from their account, a document staff rejected (the only
   * upload a signed registration takes).
   */
  from: 'applicant' | 'tenant' = 'applicant',
): Promise<string> {
  const kind = sniffDocument(file);
  if (!kind) throw unacceptable(INVALID_FORMAT);
  const bytes = await storable(kind, file);

  const filePath = `${registrationId}/${registrationId}_${documentType}.${kind.extension}`;
  await ctx.db.transaction(async (tx) => {
    if (from === 'applicant') await requireOpenRegistration(tx, registrationId);
    else {
      const { rows } = await tx.query(sql`select 1 from registration_documents d
         join registrations r on r.id = d.registration_id
         where d.registration_id = ${registrationId} and d.document_type = ${documentType} and d.review_status = 'rejected'
           and r.move_in_status in ('allocated', 'scheduled', 'awaiting_unit')
         for update of d`);
      if (!rows.length) throw refusal('document_not_requested');
    }
    // The row waits for the file: if writing fails, nothing claims a document exists.
    await ctx.documents.put(filePath, bytes);
    await tx.query(sql`insert into registration_documents (registration_id, document_type, file_path, content_type, size_bytes)
       values (${registrationId}, ${documentType}, ${filePath}, ${kind.contentType}, ${bytes.byteLength})
       on conflict (registration_id, document_type) do update
         set file_path = excluded.file_path, content_type = excluded.content_type,
             size_bytes = excluded.size_bytes, uploaded_at = now(),
             -- A new file is a new document to review (after a rejection: the one asked for, and
             -- staff are told what the one it replaces was rejected for).
             previous_rejection_reason = case when registration_documents.review_status = 'rejected'
               then registration_documents.rejection_reason else null end,
             review_status = 'pending', reviewed_at = null, reviewed_by = null, rejection_reason = null`);
    await touchRegistration(tx, registrationId);
  });
  await ctx.documents.removeSiblings(filePath);
  return filePath;
}

/** A stored document's file and what staff see it as, or null when there is none (or its file is gone). */
export async function openDocument(
  ctx: Pick<FunctionContext, 'db' | 'documents'>,
  registrationId: string,
  documentType: UploadType,
) {
  const { rows } = await ctx.db.query<{
    file_path: string;
    content_type: string;
    registration_code: string;
  }>(sql`select d.file_path, d.content_type, r.registration_code from registration_documents d
     join registrations r on r.id = d.registration_id where d.registration_id = ${registrationId} and d.document_type = ${documentType}`);
  const document = rows[0];
  const file = document ? await ctx.documents.open(document.file_path) : null;
  return document && file ? { document, file } : null;
}
