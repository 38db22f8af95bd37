/**
 * The real type of a document from its bytes; the file name and browser type are not trusted.
 * Checking only the first bytes let polyglots through (a PDF or an image that is also an HTML
 * page or a script): staff will open these files, so a document must also be whole (its end
 * marker where the format puts it) and carry no markup a browser would run.
 */
export type DocumentKind = { extension: 'pdf' | 'jpg' | 'png'; contentType: string };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Markup a browser would act on, anywhere in the file (case-insensitive, read as Latin-1). */
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
  const end = trimmedEnd(bytes);
  if (startsWith(bytes, ascii('%PDF-'))) {
    const tail = Buffer.from(bytes.subarray(Math.max(0, end - PDF_TAIL), end)).toString('latin1');
    return tail.includes('%%EOF') ? { extension: 'pdf', contentType: 'application/pdf' } : null;
  }
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) {
    // A JPEG ends with its End Of Image marker; anything after it is a second file.
    return bytes[end - 2] === 0xff && bytes[end - 1] === 0xd9 ? { extension: 'jpg', contentType: 'image/jpeg' } : null;
  }
  if (startsWith(bytes, PNG_SIGNATURE)) {
    const header = startsWith(bytes, ascii('IHDR'), 12);
    // The last chunk is IEND: length 0, type, CRC.
    const ended = startsWith(bytes, ascii('IEND'), bytes.length - 8);
    return header && ended ? { extension: 'png', contentType: 'image/png' } : null;
  }
  return null;
}

export function sniffDocument(bytes: Uint8Array): DocumentKind | null {
  const kind = kindOf(bytes);
  if (!kind) return null;
  if (ACTIVE_CONTENT.test(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'))) {
    return null;
  }
  return kind;
}
