import type { IncomingHttpHeaders } from 'node:http';
import { documentQuery } from 'shared-api/backoffice';
import { openDocument } from '../../modules/sign-up';
import { recordAudit, requireStaff } from '../../modules/staff';
import { HttpError } from '../../platform/http-error';
import { metaOf } from '../../platform/request-meta';
import { contentDisposition } from '../downloads';
import { type FunctionDefinition, parseOr400 } from '../router';

/** The types the upload stores, with the extension a saved copy gets. Any other is sent as bytes to save. */
const SERVED_TYPES: Record<string, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };

/**
 * An applicant's file in a document of its own with no rights: no script, no form, no plugin, an
 * opaque origin (`sandbox` without a single allow-…), nothing loaded from anywhere. Framed by the
 * back-office only. The gateway's policy is replaced by this one for these answers (its proxy
 * copies the function's headers over its own), so `frame-ancestors` is repeated here.
 */
export const SANDBOXED_DOCUMENT_POLICY =
  "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'";
/**
 * A PDF shown in the back-office's frame. Browsers' PDF viewers do not run in a sandboxed
 * document (Chrome's is blocked outright; it also needs inline styles and its own embed), so
 * this one policy has no sandbox and no fetch limits: the file inside is one the upload read
 * and found without scripts, actions or attachments (upload-document/pdf.ts), sent with its
 * type and `nosniff`, and the viewers run a PDF's own scripts, if any, away from this origin.
 */
export const FRAMED_PDF_POLICY = "frame-ancestors 'self'";
/** What the browser is loading the answer for: only the back-office's frame shows a PDF inline. */
const FRAME_DESTINATIONS = new Set(['iframe', 'frame', 'embed', 'object']);

/**
 * How one stored document is sent. Its type is the one the upload read from its bytes (never
 * the name's), with `nosniff` so no browser guesses another. An image is shown inline, sandboxed
 * (the `<img>` of the review and the "open" link alike). A PDF is shown inline only in a frame
 * (`Sec-Fetch-Dest`), or to a client that says nothing of what it loads (a test, an old
 * browser); opened as a page (a link, a new tab) it is a sandboxed download, never a page of
 * this origin.
 */
export function documentHeaders(
  contentType: string,
  baseName: string,
  request: IncomingHttpHeaders,
): Record<string, string> {
  const extension = SERVED_TYPES[contentType];
  const type = extension ? contentType : 'application/octet-stream';
  const destination = request['sec-fetch-dest'];
  const framedPdf = type === 'application/pdf' && (destination === undefined || FRAME_DESTINATIONS.has(destination));
  const inline = framedPdf || type.startsWith('image/');
  return {
    'content-type': type,
    'x-content-type-options': 'nosniff',
    'content-security-policy': framedPdf ? FRAMED_PDF_POLICY : SANDBOXED_DOCUMENT_POLICY,
    'content-disposition': contentDisposition(inline ? 'inline' : 'attachment', `${baseName}.${extension ?? 'bin'}`),
  };
}

/**
 * GET backoffice/document?registrationId=…&documentType=… — one applicant document to a
 * signed-in member of staff only (the session cookie is scoped to this path), with the headers
 * of `documentHeaders`. Never cached, and every view is audited before a byte is sent.
 */
export const backofficeDocumentFunction: FunctionDefinition = {
  name: 'backoffice/document',
  method: 'GET',
  async handle(req, ctx, res) {
    const meta = metaOf(req, res, ctx.config);
    const actor = await requireStaff(ctx.db, meta);
    const { registrationId, documentType } = parseOr400(documentQuery, req.query);
    const found = await openDocument(ctx, registrationId, documentType);
    if (!found) throw new HttpError(404, 'Document not found');
    const { document, file } = found;
    await recordAudit(ctx.db, actor, {
      action: 'view_document',
      target: `registration:${document.registration_code}:${documentType}`,
    });
    res.set({
      ...documentHeaders(document.content_type, `${document.registration_code}-${documentType}`, req.headers),
      'content-length': String(file.size),
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
