import { uploadDocumentFields, uploadDocumentResponse } from 'shared-api';
import { requireApplicantSession, storeDocument } from '../../modules/sign-up';
import { metaOf } from '../../platform/request-meta';
import { type FunctionDefinition, parseOr400 } from '../router';
import { receiveDocumentFile } from '../upload';

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
    const file = await receiveDocumentFile(req, res);
    const { registrationId, documentType } = parseOr400(uploadDocumentFields, req.body);
    await requireApplicantSession(ctx.db, metaOf(req, res, ctx.config), registrationId);
    const filePath = await storeDocument(ctx, { registrationId, documentType, file: file.buffer });
    return uploadDocumentResponse.parse({ filePath });
  },
};
