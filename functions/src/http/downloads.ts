import type { Response } from 'express';

/**
 * `inline` or `attachment` with the file's name: `filename=` in plain ASCII (anything else an
 * underscore) for every browser, and RFC 5987's `filename*=` with the real name when it is not
 * plain ASCII.
 */
export function contentDisposition(disposition: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\w.-]/g, '_');
  if (ascii === name) return `${disposition}; filename="${name}"`;
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * A file made by this service (a contract, an invoice, a remittance) sent as a download: its own
 * type with `nosniff`, never cached, for this origin only.
 */
export function sendDownload(res: Response, file: { body: Buffer | string; type: string; filename: string }): void {
  res
    .set({
      'content-type': file.type,
      'content-disposition': contentDisposition('attachment', file.filename),
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
      'cross-origin-resource-policy': 'same-origin',
    })
    .send(file.body);
}
