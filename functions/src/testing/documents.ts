/** The smallest whole documents of each accepted kind, for tests of the upload. */
const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)));

export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
export const PNG_IHDR = [
  0,
  0,
  0,
  13,
  ...Buffer.from('IHDR'),
  0,
  0,
  0,
  1,
  0,
  0,
  0,
  1,
  8,
  2,
  0,
  0,
  0,
  0x90,
  0x77,
  0x53,
  0xde,
];
export const PNG_IEND = [0, 0, 0, 0, ...Buffer.from('IEND'), 0xae, 0x42, 0x60, 0x82];

export const DOCUMENTS = {
  png: bytes(PNG_SIGNATURE, PNG_IHDR, PNG_IEND),
  jpeg: bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], 'JFIF', [0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]),
  pdf: bytes('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'),
};
export { bytes as documentBytes };
