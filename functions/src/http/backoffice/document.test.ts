import { describe, expect, it } from 'vitest';
import { contentDisposition } from '../downloads';
import { documentHeaders, FRAMED_PDF_POLICY, SANDBOXED_DOCUMENT_POLICY } from './document';

describe('the headers of a served document', () => {
  it('names the file in plain ASCII, and in UTF-8 (RFC 5987) when it is not', () => {
    expect(contentDisposition('inline', 'K7P2QX-frontId.jpg')).toBe('inline; filename="K7P2QX-frontId.jpg"');
    expect(contentDisposition('attachment', 'DNI Núñez "a".pdf')).toBe(
      `attachment; filename="DNI_N__ez__a_.pdf"; filename*=UTF-8''DNI%20N%C3%BA%C3%B1ez%20%22a%22.pdf`,
    );
  });

  it('sends an image inline and sandboxed, a PDF inline only to a frame, anything else as bytes to save', () => {
    expect(documentHeaders('image/png', 'K7-frontId', { 'sec-fetch-dest': 'image' })).toEqual({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-security-policy': SANDBOXED_DOCUMENT_POLICY,
      'content-disposition': 'inline; filename="K7-frontId.png"',
    });
    expect(documentHeaders('application/pdf', 'K7-bankDocument', { 'sec-fetch-dest': 'iframe' })).toMatchObject({
      'content-security-policy': FRAMED_PDF_POLICY,
      'content-disposition': 'inline; filename="K7-bankDocument.pdf"',
    });
    expect(documentHeaders('application/pdf', 'K7-bankDocument', { 'sec-fetch-dest': 'document' })).toMatchObject({
      'content-security-policy': SANDBOXED_DOCUMENT_POLICY,
      'content-disposition': 'attachment; filename="K7-bankDocument.pdf"',
    });
    expect(documentHeaders('text/html', 'K7-frontId', {})).toEqual({
      'content-type': 'application/octet-stream',
      'x-content-type-options': 'nosniff',
      'content-security-policy': SANDBOXED_DOCUMENT_POLICY,
      'content-disposition': 'attachment; filename="K7-frontId.bin"',
    });
  });
});
