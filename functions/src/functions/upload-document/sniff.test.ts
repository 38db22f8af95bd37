import { describe, expect, it } from 'vitest';
import { DOCUMENTS, documentBytes, PNG_IEND, PNG_IHDR, PNG_SIGNATURE } from '../../testing/documents';
import { sniffDocument } from './sniff';

const { png, jpeg, pdf } = DOCUMENTS;
const bytes = documentBytes;
const PNG_SIG = PNG_SIGNATURE;
const IHDR = PNG_IHDR;
const IEND = PNG_IEND;
const VALID = { png, jpeg, pdf };

describe('sniffing a document', () => {
  it('knows whole PDF, JPEG and PNG files by their bytes', () => {
    expect(sniffDocument(VALID.pdf)?.extension).toBe('pdf');
    expect(sniffDocument(VALID.jpeg)?.extension).toBe('jpg');
    expect(sniffDocument(VALID.png)?.extension).toBe('png');
  });

  it.each([
    ['a PDF that is also an HTML page', bytes('%PDF-1.4\n<html><body><script>alert(1)</script></body></html>\n%%EOF')],
    ['a JPEG with a page after its end', bytes([...VALID.jpeg.slice(0, -2)], [0xff, 0xd9], '<!DOCTYPE html><p>hi')],
    [
      'a PNG with a script in a text chunk',
      bytes(PNG_SIG, IHDR, [0, 0, 0, 30], 'tEXt', 'c<script src=//evil></script>', IEND),
    ],
    ['a PNG with an SVG appended', bytes(PNG_SIG, IHDR, IEND, '<svg onload=alert(1)>')],
    ['a PDF with no end', bytes('%PDF-1.4\n1 0 obj')],
    ['a JPEG cut short', VALID.jpeg.slice(0, 10)],
    ['a PNG signature alone', bytes(PNG_SIG, [0, 0, 0, 13])],
    ['a program renamed', bytes('MZ this is not an image')],
  ])('refuses %s', (_name, file) => {
    expect(sniffDocument(file)).toBeNull();
  });
});
