import { describe, expect, it } from 'vitest';
import { DOCUMENTS, documentBytes, PNG_IEND, PNG_IHDR, PNG_SIGNATURE, utf16 } from '../../../testing/documents';
import { containsMarkup, sniffDocument } from './sniff';

const { png, jpeg, pdf } = DOCUMENTS;
const bytes = documentBytes;
const PAGE = '<html><body><script>alert(1)</script></body></html>';

describe('sniffing a document', () => {
  it('knows PDF, JPEG and PNG files by their bytes', () => {
    expect(sniffDocument(pdf)?.extension).toBe('pdf');
    expect(sniffDocument(jpeg)?.extension).toBe('jpg');
    expect(sniffDocument(png)?.extension).toBe('png');
  });

  it.each([
    ['a PDF that is also an HTML page', bytes('%PDF-1.4\n<html><body><script>alert(1)</script></body></html>\n%%EOF')],
    ['a PDF with a page written in UTF-16LE', bytes('%PDF-1.4\n(', utf16(PAGE, 'le', false), ')\n%%EOF')],
    ['a PDF with a page written in UTF-16BE', bytes('%PDF-1.4\n(', utf16(PAGE, 'be', true), ')\n%%EOF')],
    [
      'a PDF with UTF-16 markup at an odd offset',
      bytes('%PDF-1.4\n((', utf16('<svg onload=x>', 'be', false), ')\n%%EOF'),
    ],
    ['a PDF with a page after its end', bytes(pdf, '<!DOCTYPE html><p>hi')],
    ['a PDF with no end', bytes('%PDF-1.4\n1 0 obj')],
    ['a PNG signature alone', bytes(PNG_SIGNATURE, [0, 0, 0, 13])],
    ['a program renamed', bytes('MZ this is not an image')],
  ])('refuses %s', (_name, file) => {
    expect(sniffDocument(file)).toBeNull();
  });

  it.each([
    ['HTML', PAGE],
    ['SVG', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
    ['XML', '<?xml version="1.0"?><x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(1)</x:script>'],
  ])(
    'refuses %s in every encoding: UTF-8 (with its BOM or not), UTF-16LE and UTF-16BE (with their BOM or not)',
    (_name, markup) => {
      const encodings = [
        bytes(markup),
        bytes([0xef, 0xbb, 0xbf], markup),
        utf16(markup, 'le', true),
        utf16(markup, 'le', false),
        utf16(markup, 'be', true),
        utf16(markup, 'be', false),
        bytes(' \r\n', utf16(markup, 'le', false)),
      ];
      for (const file of encodings) expect(sniffDocument(file)).toBeNull();
    },
  );

  it('finds markup in Latin-1 and in both UTF-16 byte orders, at either alignment', () => {
    expect(containsMarkup(bytes('x<script>'))).toBe(true);
    for (const order of ['le', 'be'] as const) {
      expect(containsMarkup(bytes(utf16('<iframe src=x>', order, false)))).toBe(true);
      expect(containsMarkup(bytes('x', utf16('<iframe src=x>', order, false)))).toBe(true);
    }
    expect(containsMarkup(bytes(utf16('a plain sentence', 'le', true)))).toBe(false);
  });

  it('leaves to the re-encoding what an image carries: it is never stored as sent', () => {
    // A JPEG with a page after its end, a PNG with a script in a text chunk: both are images,
    // and only their pixels will be kept (image.test.ts).
    expect(sniffDocument(bytes(jpeg, '<!DOCTYPE html><p>hi'))?.extension).toBe('jpg');
    const text = bytes(PNG_SIGNATURE, PNG_IHDR, [0, 0, 0, 30], 'tEXt', 'c<script src=//evil></script>', PNG_IEND);
    expect(sniffDocument(text)?.extension).toBe('png');
  });
});
