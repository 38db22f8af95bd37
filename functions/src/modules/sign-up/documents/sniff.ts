/**
 * The real type of a document from its bytes; the file name and browser type are not trusted.
 * Only three kinds are known: a PDF, a JPEG and a PNG, each by the signature it starts with.
 * Anything else is refused, and with it every file that is markup (an HTML page, an SVG, XML),
 * in whatever encoding (UTF-8, UTF-16 with or without its byte order mark): none starts with
 * one of those signatures.
 *
 * Checking only the first bytes let polyglots through (a PDF or an image that is also an HTML
 * page or a script). An image is never stored as sent: it is decoded and encoded again
 * (`image.ts`), which keeps its pixels and nothing else, so bytes after its end, text chunks and
 * metadata do not survive. A PDF is stored as sent, so here it must also be whole (its `%%EOF`
 * where the format puts it) and carry no markup a browser would run, read as Latin-1 and as
 * UTF-16 in both byte orders; `pdf.ts` then reads its objects.
 */
export type DocumentKind = { extension: 'pdf' | 'jpg' | 'png'; contentType: string };

const PDF: DocumentKind = { extension: 'pdf', contentType: 'application/pdf' };
export const JPEG: DocumentKind = { extension: 'jpg', contentType: 'image/jpeg' };
export const PNG: DocumentKind = { extension: 'png', contentType: 'image/png' };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Markup a browser would act on, anywhere in the file (case-insensitive). */
const ACTIVE_CONTENT = /<\s*(?:script|html|body|iframe|svg|object|embed|meta|!doctype\s+html)\b|javascript:/i;
/** How far from the end a PDF's `%%EOF` may be (writers add a newline or a few bytes). */
const PDF_TAIL = 1024;

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The bytes without trailing NULs and line breaks that some writers pad files with. */
function trimmedEnd(bytes: Uint8Array): number {
  let end = bytes.length;
  while (end > 0 && [0x00, 0x0a, 0x0d, 0x20].includes(bytes[end - 1] as number)) end--;
  return end;
}

function kindOf(bytes: Uint8Array): DocumentKind | null {
  if (startsWith(bytes, ascii('%PDF-'))) return PDF;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return JPEG;
  if (startsWith(bytes, PNG_SIGNATURE) && startsWith(bytes, ascii('IHDR'), 12)) return PNG;
  return null;
}

/**
 * Whether markup a browser would act on is written anywhere in the bytes: as Latin-1 (which
 * also reads UTF-8's ASCII) and as UTF-16. UTF-16 text may start at an even or an odd offset,
 * and big-endian text at one is little-endian text at the other: two readings cover all four.
 */
export function containsMarkup(bytes: Uint8Array): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return (
    ACTIVE_CONTENT.test(buffer.toString('latin1')) ||
    ACTIVE_CONTENT.test(utf16le(buffer)) ||
    ACTIVE_CONTENT.test(utf16le(buffer.subarray(1)))
  );
}

/**
 * UTF-16LE text of whole code units: a last odd byte is no character, and Node 24's decoder
 * writes one byte past the end of its work buffer for an odd length at an odd address (seen
 * with Valgrind on 24.21; glibc then aborts the process), which these bytes from strangers
 * would reach.
 */
const utf16le = (buffer: Buffer) => buffer.subarray(0, buffer.length - (buffer.length % 2)).toString('utf16le');

/** A PDF as stored: it ends where its last `%%EOF` says, and no page or script is written inside. */
function wholePdf(bytes: Uint8Array): boolean {
  const end = trimmedEnd(bytes);
  const tail = Buffer.from(bytes.subarray(Math.max(0, end - PDF_TAIL), end)).toString('latin1');
  return tail.includes('%%EOF') && !containsMarkup(bytes);
}

export function sniffDocument(bytes: Uint8Array): DocumentKind | null {
  const kind = kindOf(bytes);
  if (kind === PDF && !wholePdf(bytes)) return null;
  return kind;
}
