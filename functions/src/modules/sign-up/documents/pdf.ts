import { inflateSync, constants as zlib } from 'node:zlib';
import {
  PDFArray,
  type PDFContext,
  PDFDict,
  PDFHexString,
  PDFInvalidObject,
  PDFName,
  type PDFObject,
  PDFObjectStreamParser,
  PDFParser,
  PDFRawStream,
  PDFString,
} from 'pdf-lib';

/**
 * What an uploaded PDF is to us: `clean` is stored as sent (never written again); the rest is
 * refused. `active` does something by itself or carries something to run: JavaScript, a launch
 * of a program, a form that sends or imports data, a link to another file, multimedia, XFA,
 * an embedded or attached file, additional actions (`/AA`), an opening action that is not a
 * plain "go to this page", a link to anything but http(s), mailto or tel.
 */
export type PdfVerdict = 'clean' | 'unreadable' | 'encrypted' | 'active';

/** Values of an action's `/S` that are refused. URI (checked below), GoTo, Named, Hide… are not. */
const REFUSED_ACTIONS = new Set([
  'JavaScript',
  'Launch',
  'ImportData',
  'SubmitForm',
  'ResetForm',
  'GoToR',
  'GoToE',
  'GoTo3DView',
  'Rendition',
  'Movie',
  'Sound',
  'RichMediaExecute',
]);
/** Values of `/Subtype` or `/Type` that are refused: annotations that hold files, media or 3D. */
const REFUSED_SUBTYPES = new Set(['FileAttachment', 'Sound', 'Movie', 'Screen', 'RichMedia', '3D', 'EmbeddedFile']);
/** Keys refused in any dictionary. */
const REFUSED_KEYS = new Set([
  'JS',
  'JavaScript',
  'AA',
  'EmbeddedFiles',
  'EmbeddedFile',
  'EF',
  'XFA',
  'RichMediaContent',
  'RichMediaSettings',
]);
/** Names refused wherever they are written (none has a harmless use). */
const REFUSED_NAMES = new Set([
  'JavaScript',
  'Launch',
  'ImportData',
  'SubmitForm',
  'GoToR',
  'GoToE',
  'Rendition',
  'RichMedia',
  'RichMediaExecute',
  'EmbeddedFile',
  'EmbeddedFiles',
  'FileAttachment',
]);
/** The links a document may carry. */
const LINK_SCHEMES = /^(?:https?|mailto|tel):/i;
/**
 * A script URL in any string (a link whose key was written twice, the first one being the one a
 * viewer follows, is not where pdf-lib's dictionary says): control characters and spaces aside,
 * as a browser reads a URL.
 */
function scriptUrl(text: string): boolean {
  let start = '';
  for (const c of text) {
    if (c.charCodeAt(0) > 0x20) start += c;
    if (start.length >= 11) break;
  }
  return /^(?:javascript|vbscript):/i.test(start);
}

/**
 * The second line, on the raw bytes: the long names are looked for everywhere, stream data
 * included (a viewer that follows the cross-reference table may read an object hidden inside a
 * stream, which pdf-lib reads past); at 6 or more characters, compressed data does not spell one
 * by chance. The short ones would: they are looked for outside stream data only.
 */
const RAW_ANYWHERE = new Set([...REFUSED_NAMES, 'Encrypt']);
const RAW_OUTSIDE_STREAMS = new Set(['JS', 'AA', 'XFA']);
/** A name token: `/` and the regular characters after it (PDF whitespace and delimiters end it). */
const NAME_TOKEN = /\/([^\0\t\n\f\r ()<>[\]{}/%]*)/g;
/** The `stream` keyword and its line end: stream data starts after it. */
const STREAM_START = /(?<![A-Za-z])stream(?:\r\n|\r|\n)/g;

/**
 * The text without stream data (from a `stream` keyword's line end to the next `endstream`), in
 * one pass: a lazy regular expression over "stream… and no endstream" would scan to the end of
 * the file once per keyword, and a crafted upload would hold the service for minutes. Data with
 * no `endstream` runs to the end of the file.
 */
function withoutStreamData(text: string): string {
  const kept: string[] = [];
  let from = 0;
  STREAM_START.lastIndex = 0;
  for (let match = STREAM_START.exec(text); match; match = STREAM_START.exec(text)) {
    if (match.index < from) continue;
    kept.push(text.slice(from, match.index));
    const end = text.indexOf('endstream', STREAM_START.lastIndex);
    if (end < 0) return kept.join(' ');
    from = end + 'endstream'.length;
    STREAM_START.lastIndex = from;
  }
  kept.push(text.slice(from));
  return kept.join(' ');
}
/** Object and cross-reference streams are inflated while parsing: at most this much, all of them together. */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

const ObjStm = PDFName.of('ObjStm');
const XRef = PDFName.of('XRef');
const Type = PDFName.of('Type');

/**
 * A name as a viewer reads it. pdf-lib decodes `#XX` escapes with upper-case hex digits only
 * (`/J#53` is `/JS` to it, `/J#73` is not): the rest are decoded here. A name with a literal
 * `#` is decoded twice this way, which can only find more, never less.
 */
const plain = (name: string) =>
  name.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

const nameOf = (object: PDFObject | undefined) => (object instanceof PDFName ? plain(object.decodeText()) : null);

function rawFinding(bytes: Uint8Array): PdfVerdict | null {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const names = (source: string) => Array.from(source.matchAll(NAME_TOKEN), (match) => plain(match[1] ?? ''));
  const everywhere = names(text);
  if (everywhere.includes('Encrypt')) return 'encrypted';
  if (everywhere.some((name) => RAW_ANYWHERE.has(name))) return 'active';
  if (names(withoutStreamData(text)).some((name) => RAW_OUTSIDE_STREAMS.has(name))) return 'active';
  return null;
}

/** Inflates a stream the parser is about to decode, within what is left of the budget; throws past it. */
function inflateWithin(stream: PDFRawStream, budget: { left: number }): void {
  const filter = stream.dict.lookup(PDFName.of('Filter'));
  const filters = filter instanceof PDFArray ? filter.asArray() : filter ? [filter] : [];
  if (filters.length === 0) return;
  // pdf-lib would also undo LZW and others, without a limit: such object streams are refused.
  if (filters.length > 1 || nameOf(filters[0]) !== 'FlateDecode') throw new Error('Unusual object stream filter');
  const inflated = inflateSync(stream.getContents(), {
    maxOutputLength: Math.max(1, budget.left),
    finishFlush: zlib.Z_SYNC_FLUSH,
  });
  budget.left -= inflated.length;
}

/** Every object an object stream holds, recorded as it is read. */
class RecordingObjectStreamParser extends PDFObjectStreamParser {
  constructor(
    stream: PDFRawStream,
    private readonly record: (object: PDFObject) => void,
  ) {
    super(stream);
  }

  override parseObject(): PDFObject {
    const object = super.parseObject();
    this.record(object);
    return object;
  }
}

/**
 * pdf-lib's parser, made to record every object it reads: a dictionary whose key was written
 * twice, an object defined twice (the last wins in pdf-lib, a viewer may use another) and the
 * objects inside object streams are all seen, not only the last state of the document.
 */
class RecordingParser extends PDFParser {
  readonly dictionaries: PDFDict[] = [];
  readonly streams: PDFRawStream[] = [];
  readonly unpacked = new WeakSet<PDFRawStream>();
  readonly pending: Promise<unknown>[] = [];
  names = new Set<string>();
  scriptLink = false;
  invalid = false;
  failure: unknown = null;
  private readonly budget = { left: MAX_INFLATED_BYTES };

  constructor(bytes: Uint8Array) {
    // 500 objects between yields to the event loop; an object pdf-lib cannot read throws.
    super(bytes, 500, true, false);
  }

  private readonly record = (object: PDFObject) => {
    if (object instanceof PDFName) this.names.add(nameOf(object) ?? '');
    else if (object instanceof PDFRawStream) this.streams.push(object);
    else if (object instanceof PDFDict) this.dictionaries.push(object);
    else if (object instanceof PDFInvalidObject) this.invalid = true;
    else if ((object instanceof PDFString || object instanceof PDFHexString) && scriptUrl(object.decodeText())) {
      this.scriptLink = true;
    }
  };

  override parseObject(): PDFObject {
    const object = super.parseObject();
    this.record(object);
    if (object instanceof PDFRawStream) {
      const type = object.dict.lookup(Type);
      if (type === ObjStm || type === XRef) inflateWithin(object, this.budget);
      if (type === ObjStm) {
        // Read here too, recording: pdf-lib reads it again after this returns (the same objects).
        // Without a tick to wait for, the reading is done before this returns; a failure is kept.
        this.unpacked.add(object);
        this.pending.push(
          new RecordingObjectStreamParser(object, this.record).parseIntoContext().catch((error: unknown) => {
            this.failure = error;
          }),
        );
      }
    }
    return object;
  }
}

/** An opening action that only shows a page (a destination, or a GoTo action). */
function harmlessOpening(context: PDFContext, value: PDFObject): boolean {
  const opening = context.lookup(value);
  if (
    opening instanceof PDFArray ||
    opening instanceof PDFName ||
    opening instanceof PDFString ||
    opening instanceof PDFHexString
  ) {
    return true;
  }
  return opening instanceof PDFDict && nameOf(context.lookup(opening.get(PDFName.of('S')))) === 'GoTo';
}

function dictionaryFinding(context: PDFContext, dict: PDFDict): PdfVerdict | null {
  for (const [key, value] of dict.entries()) {
    const name = plain(key.decodeText());
    if (name === 'Encrypt') return 'encrypted';
    if (REFUSED_KEYS.has(name)) return 'active';
    if (name === 'OpenAction' && !harmlessOpening(context, value)) return 'active';
    if (name === 'S' && REFUSED_ACTIONS.has(nameOf(context.lookup(value)) ?? '')) return 'active';
    if ((name === 'Subtype' || name === 'Type') && REFUSED_SUBTYPES.has(nameOf(context.lookup(value)) ?? '')) {
      return 'active';
    }
  }
  if (nameOf(context.lookup(dict.get(PDFName.of('S')))) === 'URI') {
    const uri = context.lookup(dict.get(PDFName.of('URI')));
    const text = uri instanceof PDFString || uri instanceof PDFHexString ? uri.decodeText() : '';
    if (!LINK_SCHEMES.test(text)) return 'active';
  }
  return null;
}

/**
 * Reads an uploaded PDF (the sniffer has checked its signature, its end and markup). Every
 * object is read with pdf-lib, object streams included, which a scan of the raw bytes cannot
 * see into; the raw bytes are scanned too, as a second line. Anything pdf-lib cannot read is
 * refused: a PDF that only a more forgiving viewer opens is one we cannot vouch for.
 */
export async function inspectPdf(bytes: Uint8Array): Promise<PdfVerdict> {
  const raw = rawFinding(bytes);
  if (raw) return raw;
  const parser = new RecordingParser(bytes);
  let context: PDFContext;
  try {
    context = await parser.parseDocument();
    await Promise.all(parser.pending);
  } catch {
    return 'unreadable';
  }
  if (parser.failure || parser.invalid) return 'unreadable';
  if (context.trailerInfo.Encrypt) return 'encrypted';
  const catalog = context.lookup(context.trailerInfo.Root);
  if (!(catalog instanceof PDFDict) || !(context.lookup(catalog.get(PDFName.of('Pages'))) instanceof PDFDict)) {
    return 'unreadable';
  }
  if (parser.scriptLink || [...parser.names].some((name) => REFUSED_NAMES.has(name))) return 'active';
  for (const stream of parser.streams) {
    // An object stream pdf-lib did not unpack (its /Type hidden behind a reference…) may be one a viewer does.
    const { dict } = stream;
    if (!parser.unpacked.has(stream) && dict.has(PDFName.of('N')) && dict.has(PDFName.of('First'))) {
      return 'unreadable';
    }
  }
  for (const dict of [...parser.dictionaries, ...parser.streams.map((stream) => stream.dict)]) {
    const finding = dictionaryFinding(context, dict);
    if (finding) return finding;
  }
  return 'clean';
}
