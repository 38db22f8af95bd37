import type { Request, Response } from 'express';
import multer from 'multer';
import { MAX_DOCUMENT_BYTES } from 'shared-api';
import { HttpError } from '../platform/http-error';

/**
 * Reads a multipart form with one file (`file`) into memory, within its limits: a file too large
 * is a 413 with `tooLarge`, anything else not such a form a 400, and a form without a file (or an
 * empty one) a 400 naming the field. The form's other fields are on `req.body` afterwards.
 */
export async function receiveFile(
  req: Request,
  res: Response,
  limits: { maxBytes: number; fields: number; tooLarge: string },
): Promise<Express.Multer.File> {
  const receive = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: limits.maxBytes, files: 1, fields: limits.fields, fieldSize: 200 },
  }).single('file');
  await new Promise<void>((resolve, reject) => {
    receive(req, res, (error: unknown) => {
      if (!error) return resolve();
      if (error instanceof multer.MulterError) {
        return reject(
          error.code === 'LIMIT_FILE_SIZE'
            ? new HttpError(413, limits.tooLarge)
            : new HttpError(400, `Invalid upload: ${error.message}`),
        );
      }
      reject(new HttpError(400, 'Invalid upload: expected a multipart form'));
    });
  });
  const file = req.file;
  if (!file || file.size === 0) throw new HttpError(400, 'A file is required', { file: 'A file is required' });
  return file;
}

/** An ID or bank document (the sign-up's, or a tenant's replacement): up to 10 MB, a few fields. */
export const receiveDocumentFile = (req: Request, res: Response) =>
  receiveFile(req, res, { maxBytes: MAX_DOCUMENT_BYTES, fields: 4, tooLarge: 'File too large: the limit is 10 MB.' });
