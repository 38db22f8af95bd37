import { describe, expect, it } from 'vitest';
import {
  DOCUMENTS,
  HOSTILE_PDFS,
  pdfLibDocument,
  pdfOf,
  withAttachment,
  withOpeningScript,
} from '../../../testing/documents';
import { inspectPdf } from './pdf';

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe('reading an uploaded PDF', () => {
  it('reads a file of a thousand unterminated streams in linear time (no upload holds the service)', async () => {
    const body = `%PDF-1.7\n${'1 0 obj << >> stream\n/JS x '.repeat(100_000)}\n%%EOF\n`;
    const started = performance.now();
    const verdict = await inspectPdf(Buffer.from(body, 'latin1'));
    // Quadratic before: 2.6 MB of this took minutes.
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(verdict).not.toBe('clean');
  });

  it('passes a plain document, as written by hand or by pdf-lib (object streams)', async () => {
    expect(await inspectPdf(DOCUMENTS.pdf)).toBe('clean');
    expect(await inspectPdf(await pdfLibDocument())).toBe('clean');
  });

  it('passes an opening that only shows a page, and links to the web, mail and phone', async () => {
    const document = pdfOf([
      '<< /Type /Catalog /Pages 2 0 R /OpenAction [3 0 R /Fit] >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Annots [4 0 R 5 0 R] >>',
      '<< /Type /Annot /Subtype /Link /Rect [0 0 9 9] /A << /S /URI /URI (https://example.com/) >> >>',
      '<< /Type /Annot /Subtype /Link /Rect [9 9 19 19] /A << /S /URI /URI (mailto:a@example.com) >> >>',
    ]);
    expect(await inspectPdf(document)).toBe('clean');
  });

  it.each([
    ['JavaScript on opening', HOSTILE_PDFS.openActionJavaScript()],
    ['a program launched on opening', HOSTILE_PDFS.openActionLaunch()],
    ['a document script under escaped names (/J#61vaScript, /J#53)', HOSTILE_PDFS.escapedNames()],
    ['additional actions (/AA) on a page', HOSTILE_PDFS.additionalActions()],
    ['a javascript: link written as a hex string', HOSTILE_PDFS.javascriptLink()],
  ])('refuses %s', async (_name, document) => {
    expect(await inspectPdf(document)).toBe('active');
  });

  it('reads into compressed object streams, where a scan of the bytes sees nothing', async () => {
    const handWritten = HOSTILE_PDFS.scriptInObjectStream();
    const byPdfLib = await pdfLibDocument(withOpeningScript);
    for (const document of [handWritten, byPdfLib]) {
      expect(latin1(document)).not.toMatch(/JavaScript|\/JS\b|#4a/);
      expect(await inspectPdf(document)).toBe('active');
    }
  });

  it('refuses an attached file', async () => {
    expect(await inspectPdf(await pdfLibDocument(withAttachment))).toBe('active');
  });

  it('refuses an encrypted document: its strings and streams cannot be read', async () => {
    expect(await inspectPdf(HOSTILE_PDFS.encrypted())).toBe('encrypted');
  });

  it('refuses what pdf-lib cannot read, and an object stream that inflates past the limit', async () => {
    expect(await inspectPdf(Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'))).toBe('unreadable');
    expect(await inspectPdf(Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages (( >>\n%%EOF\n'))).toBe(
      'unreadable',
    );
    expect(await inspectPdf(HOSTILE_PDFS.objectStreamBomb())).toBe('unreadable');
  });

  it('reads a key written twice, not only the value pdf-lib keeps', async () => {
    const hidden = Buffer.from('javascript:alert(1)').toString('hex');
    const twice = pdfOf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Annots [4 0 R] >>',
      `<< /Subtype /Link /Rect [0 0 9 9] /A << /S /URI /URI <${hidden}> /URI (https://example.com/) >> >>`,
    ]);
    expect(await inspectPdf(twice)).toBe('active');
  });

  it('reads an object written twice, not only the definition pdf-lib keeps', async () => {
    const twice = pdfOf([
      ...['<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
      '<< /S /URI /URI (file:///etc/passwd) >>',
    ]);
    // The same object 4 again, harmless: pdf-lib keeps this one, a viewer reading the table the first.
    const text = latin1(twice).replace('xref', '4 0 obj\n<< /S /GoTo /D [3 0 R /Fit] >>\nendobj\nxref');
    expect(await inspectPdf(Buffer.from(text, 'latin1'))).toBe('active');
  });
});
