import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import sharp from 'sharp';

/** Small whole documents of each accepted kind, and hostile ones, for tests of the upload. */
const bytes = (...parts: (string | number[] | Uint8Array)[]) =>
  Uint8Array.from(
    parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : Array.isArray(p) ? p : [...p])),
  );

export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** A 1×1 PNG's header chunk (no pixel data follows it in the tests that use it: not a whole image). */
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

/**
 * A PDF from the bodies of its objects (object n is `objects[n - 1]`), with its cross-reference
 * table, trailer and `%%EOF`: small enough to read, whole enough for any viewer.
 */
export function pdfOf(objects: (string | Uint8Array)[], trailer = ''): Uint8Array {
  const parts: Uint8Array[] = [bytes('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')];
  let offset = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    const object = bytes(`${index + 1} 0 obj\n`, body, '\nendobj\n');
    offsets.push(offset);
    parts.push(object);
    offset += object.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n `),
  ].join('\n');
  parts.push(
    bytes(`${xref}\ntrailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailer}>>\nstartxref\n${offset}\n%%EOF\n`),
  );
  return bytes(...parts);
}

/** The three objects of a one-page document: catalog (with `catalog` inside it), pages, page. */
const onePage = (catalog = '') => [
  `<< /Type /Catalog /Pages 2 0 R ${catalog}>>`,
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
];

/** A stream object: its dictionary (without /Length) and its data. */
const streamOf = (dict: string, data: Uint8Array) =>
  bytes(`<< ${dict} /Length ${data.length} >>\nstream\n`, data, '\nendstream');

export const DOCUMENTS = {
  /** 4×3 pixels, red. */
  png: Uint8Array.from(
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWM4IScHRww4OQD1xwwx6wqgCwAAAABJRU5ErkJggg==',
      'base64',
    ),
  ),
  /** 4×3 pixels, red. */
  jpeg: Uint8Array.from(
    Buffer.from(
      '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAADAAQDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABgf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCAAHlhf//Z',
      'base64',
    ),
  ),
  /** One blank A4 page. */
  pdf: pdfOf(onePage()),
};
export { bytes as documentBytes };

/** Markup a browser would run, written in UTF-16 (little- or big-endian, with or without its BOM). */
export function utf16(text: string, order: 'le' | 'be', bom: boolean): Uint8Array {
  const le = Buffer.from(`${bom ? '\ufeff' : ''}${text}`, 'utf16le');
  return Uint8Array.from(order === 'le' ? le : le.swap16());
}

/** PDFs that must be refused, each for one reason. */
export const HOSTILE_PDFS = {
  /** Runs JavaScript when opened. */
  openActionJavaScript: () => pdfOf(onePage('/OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >> ')),
  /** Starts a program when opened. */
  openActionLaunch: () => pdfOf(onePage('/OpenAction << /S /Launch /F (calc.exe) >> ')),
  /** A document-level script in the names tree, the names written with `#xx` escapes. */
  escapedNames: () =>
    pdfOf([
      ...onePage('/Names 4 0 R '),
      '<< /J#61vaScript 5 0 R >>',
      '<< /Names [(a) << /S /JavaScript /J#53 (1) >>] >>',
    ]),
  /** A page that runs an action when it opens (`/AA`). */
  additionalActions: () =>
    pdfOf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /AA << /O << /S /URI /URI (https://example.com) >> >> >>',
    ]),
  /** A link to `javascript:`, hex-encoded so no scan of the bytes reads it. */
  javascriptLink: () =>
    pdfOf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Annots [4 0 R] >>',
      `<< /Type /Annot /Subtype /Link /Rect [0 0 100 100] /A << /S /URI /URI <${Buffer.from('javascript:alert(1)').toString('hex')}> >> >>`,
    ]),
  /** Encrypted (a trailer /Encrypt): its strings and streams could not be read. */
  encrypted: () =>
    pdfOf([...onePage(), '<< /Filter /Standard /V 1 /R 2 /O <00> /U <00> /P -4 >>'], '/Encrypt 4 0 R /ID [<00> <00>] '),
  /**
   * A link whose action is a script inside a compressed object stream, its names written with
   * lower-case `#xx` escapes: neither a scan of the raw bytes nor pdf-lib alone reads it as JavaScript.
   */
  scriptInObjectStream: () => {
    const inner = '4 0 << /S /#4aavaScript /#4aS (app.alert\\(1\\)) >>';
    const first = inner.indexOf('<<');
    return pdfOf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Annots [<< /Subtype /Link /Rect [0 0 9 9] /A 4 0 R >>] >>',
      streamOf(`/Type /ObjStm /N 1 /First ${first} /Filter /FlateDecode`, deflateSync(Buffer.from(inner, 'latin1'))),
    ]);
  },
  /** A decompression bomb in an object stream: 70 kB that inflate to 70 MB. */
  objectStreamBomb: () =>
    pdfOf([
      ...onePage(),
      streamOf('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', deflateSync(Buffer.alloc(70 * 1024 * 1024, 0x20))),
    ]),
};

/** A PDF as pdf-lib writes one (object streams, compressed): `dress` adds to it first. */
export async function pdfLibDocument(dress?: (document: PDFDocument) => Promise<void> | void): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.addPage([595, 842]).drawText('DNI 00000000T', { x: 50, y: 780, size: 18 });
  await dress?.(document);
  return document.save({ useObjectStreams: true });
}

/** The opening action of pdf-lib's catalog: JavaScript, inside a compressed object stream. */
export const withOpeningScript = (document: PDFDocument) => {
  document.catalog.set(
    PDFName.of('OpenAction'),
    document.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }),
  );
};

/** A text file attached to the document (an embedded file, in the names tree). */
export const withAttachment = (document: PDFDocument) =>
  document.attach(Buffer.from('hola'), 'nota.txt', { mimeType: 'text/plain', description: 'nota' });

/**
 * A phone photo (8×6, taken sideways: EXIF orientation 6) with its GPS position in EXIF, and an
 * HTML tag appended after the image's end, where an image viewer never looks and a browser
 * sniffing the bytes might.
 */
export async function photoWithGpsAndMarkup(): Promise<Uint8Array> {
  const photo = await sharp({ create: { width: 8, height: 6, channels: 3, background: { r: 40, g: 90, b: 200 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 25/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '3/1 42/1 0/1' },
    })
    .toBuffer();
  return bytes(photo, PHOTO_MARKUP);
}
export const PHOTO_MARKUP = '<img src=x onerror=alert(1)>';
