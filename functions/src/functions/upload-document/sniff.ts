/** The real type of a document from its first bytes; the file name and browser type are not trusted. */
export type DocumentKind = { extension: 'pdf' | 'jpg' | 'png'; contentType: string };

const startsWith = (bytes: Uint8Array, signature: number[]) =>
  bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);

export function sniffDocument(bytes: Uint8Array): DocumentKind | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return { extension: 'pdf', contentType: 'application/pdf' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { extension: 'jpg', contentType: 'image/jpeg' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { extension: 'png', contentType: 'image/png' };
  }
  return null;
}
