import multer from 'multer';
import { MAX_DOCUMENT_BYTES, uploadDocumentFields, uploadDocumentResponse } from 'shared-api';
import {
  type DocumentKind,
  inspectPdf,
  type PdfVerdict,
  reencodeImage,
  requireApplicantSession,
  requireOpenRegistration,
  sniffDocument,
  touchRegistration,
} from '../../modules/sign-up';
import { HttpError } from '../../platform/http-error';
import { metaOf } from '../../platform/request-meta';
import { type FunctionDefinition, parseOr400 } from '../router';

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

const receive = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 4, fieldSize: 200 },
}).single('file');

/**
 * POST upload-document (multipart: registrationId, documentType, file). Stores the file
 * privately at `{registrationId}/{registrationId}_{documentType}.{ext}` (replacing an
 * earlier one) and records it in `registration_documents`: the type its bytes are (never the
 * name's or the browser's) and the size of what is stored, which for an image is the encoded
 * copy, not the upload.
 */
export const uploadDocumentFunction: FunctionDefinition = {
  name: 'upload-document',
  body: 'multipart',
  method: 'POST',
  async handle(req, ctx, res) {
    await new Promise<void>((resolve, reject) => {
      receive(req, res, (error: unknown) => {
        if (!error) return resolve();
        if (error instanceof multer.MulterError) {
          return reject(
            error.code === 'LIMIT_FILE_SIZE'
              ? new HttpError(413, 'File too large: the limit is 10 MB.')
              : new HttpError(400, `Invalid upload: ${error.message}`),
          );
        }
        reject(new HttpError(400, 'Invalid upload: expected a multipart form'));
      });
    });
    const { registrationId, documentType } = parseOr400(uploadDocumentFields, req.body);
    await requireApplicantSession(ctx.db, metaOf(req, res, ctx.config), registrationId);
    const file = req.file;
    if (!file || file.size === 0) throw new HttpError(400, 'A file is required', { file: 'A file is required' });
    const kind = sniffDocument(file.buffer);
    if (!kind) throw unacceptable(INVALID_FORMAT);
    const bytes = await storable(kind, file.buffer);

    const filePath = `${registrationId}/${registrationId}_${documentType}.${kind.extension}`;
    await ctx.db.transaction(async (tx) => {
      await requireOpenRegistration(tx, registrationId);
      // The row waits for the file: if writing fails, nothing claims a document exists.
      await ctx.documents.put(filePath, bytes);
      await tx.query(
        `insert into registration_documents (registration_id, document_type, file_path, content_type, size_bytes)
         values ($1, $2, $3, $4, $5)
         on conflict (registration_id, document_type) do update
           set file_path = excluded.file_path, content_type = excluded.content_type,
               size_bytes = excluded.size_bytes, uploaded_at = now(),
               -- A new file is a new document to review (after a rejection: the one asked for, and
               -- staff are told what the one it replaces was rejected for).
               previous_rejection_reason = case when registration_documents.review_status = 'rejected'
                 then registration_documents.rejection_reason else null end,
               review_status = 'pending', reviewed_at = null, reviewed_by = null, rejection_reason = null`,
        [registrationId, documentType, filePath, kind.contentType, bytes.byteLength],
      );
      await touchRegistration(tx, registrationId);
    });
    await ctx.documents.removeSiblings(filePath);
    return uploadDocumentResponse.parse({ filePath });
  },
};
