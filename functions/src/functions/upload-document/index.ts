import multer from 'multer';
import { MAX_DOCUMENT_BYTES, uploadDocumentFields, uploadDocumentResponse } from 'shared-api';
import { HttpError } from '../../http-error';
import { requireApplicantSession } from '../../registrations/applicant-session';
import { requireOpenRegistration, touchRegistration } from '../../registrations/records';
import { type FunctionDefinition, metaOf, parseOr400 } from '../../router';
import { sniffDocument } from './sniff';

export const INVALID_FORMAT = 'Invalid format: Please upload files in PDF, JPG, or PNG format.';

const receive = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 4, fieldSize: 200 },
}).single('file');

/**
 * POST upload-document (multipart: registrationId, documentType, file). Stores the file
 * privately at `{registrationId}/{registrationId}_{documentType}.{ext}` (replacing an
 * earlier one) and records it in `registration_documents`.
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
    if (!kind) throw new HttpError(415, INVALID_FORMAT, { file: INVALID_FORMAT });

    const filePath = `${registrationId}/${registrationId}_${documentType}.${kind.extension}`;
    await ctx.db.transaction(async (tx) => {
      await requireOpenRegistration(tx, registrationId);
      // The row waits for the file: if writing fails, nothing claims a document exists.
      await ctx.documents.put(filePath, file.buffer);
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
        [registrationId, documentType, filePath, kind.contentType, file.size],
      );
      await touchRegistration(tx, registrationId);
    });
    await ctx.documents.removeSiblings(filePath);
    return uploadDocumentResponse.parse({ filePath });
  },
};
