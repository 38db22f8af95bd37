import { documentQuery } from 'shared-api/backoffice';
import { HttpError } from '../../http-error';
import { type FunctionDefinition, metaOf, parseOr400 } from '../../router';
import { recordAudit } from './audit';
import { requireStaff } from './staff-session';

/**
 * GET backoffice/document?registrationId=…&documentType=… — one applicant document, inline, to a
 * signed-in member of staff only (the session cookie is scoped to this path). Never cached, and
 * every view is audited before a byte is sent.
 */
export const backofficeDocumentFunction: FunctionDefinition = {
  name: 'backoffice/document',
  method: 'GET',
  async handle(req, ctx, res) {
    const meta = metaOf(req, res, ctx.config);
    const actor = await requireStaff(ctx.db, meta);
    const { registrationId, documentType } = parseOr400(documentQuery, req.query);
    const { rows } = await ctx.db.query<{ file_path: string; content_type: string; registration_code: string }>(
      `select d.file_path, d.content_type, r.registration_code from registration_documents d
       join registrations r on r.id = d.registration_id where d.registration_id = $1 and d.document_type = $2`,
      [registrationId, documentType],
    );
    const document = rows[0];
    const file = document ? await ctx.documents.open(document.file_path) : null;
    if (!document || !file) throw new HttpError(404, 'Document not found');
    await recordAudit(ctx.db, actor, {
      action: 'view_document',
      target: `registration:${document.registration_code}:${documentType}`,
    });
    const extension = document.file_path.slice(document.file_path.lastIndexOf('.') + 1);
    res.set({
      'content-type': document.content_type,
      'content-length': String(file.size),
      'content-disposition': `inline; filename="${document.registration_code}-${documentType}.${extension}"`,
      'cache-control': 'no-store',
      'cross-origin-resource-policy': 'same-origin',
    });
    await new Promise<void>((resolve, reject) => {
      file.stream.on('error', reject);
      res.on('finish', resolve);
      res.on('close', resolve);
      file.stream.pipe(res);
    });
  },
};
