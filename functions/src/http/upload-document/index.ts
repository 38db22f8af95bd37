import multer from 'multer';
import { MAX_DOCUMENT_BYTES, uploadDocumentFields, uploadDocumentResponse } from 'shared-api';
import { requireApplicantSession, storeDocument } from '../../modules/sign-up';
import { HttpError } from '../../platform/http-error';
import { metaOf } from '../../platform/request-meta';
import { type FunctionDefinition, parseOr400 } from '../router';

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
    const filePath = await storeDocument(ctx, { registrationId, documentType, file: file.buffer });
    return uploadDocumentResponse.parse({ filePath });
  },
};
