import { randomBytes } from 'node:crypto';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import type { Request } from 'express';
import { facilityDay } from 'shared-api';
import { PRIVATE_PAGES, pathFor, type RouteMatch } from 'shared-i18n';

/** How many rendered pages are kept: every public route in both languages, with room for a release. */
const MAX_PAGES = 96;

/**
 * A public page that is the same for every visitor: a page of the route table (the language in its
 * path), not one person's (a private link, the account), at its own path without a query (a
 * hand-off such as `?productos=` is one visitor's, and a made-up one must not fill the cache), asked without
 * cookies or credentials: a visitor with a session is rendered afresh, so nothing rendered here can
 * ever depend on who asks.
 */
export function isAnonymousPage(req: Request, match: RouteMatch): match is Extract<RouteMatch, { kind: 'page' }> {
  return (
    match.kind === 'page' &&
    !PRIVATE_PAGES.has(match.page) &&
    match.token === undefined &&
    // The page's own path as the route table writes it, and the whole of what was asked: not a
    // trailing-slash variant (each would be another entry, pushing the real pages out) nor an
    // absolute-form request line (`GET http://x/es`), which the renderer would read otherwise.
    req.originalUrl === req.path &&
    req.path === pathFor(match.page, match.lang, match.step) &&
    req.headers.cookie === undefined &&
    req.headers.authorization === undefined
  );
}

/** What a rendered page depends on besides its path: everything that names a release. */
export interface PageRelease {
  /** The renderer's module: a shell release is a new one. */
  renderer: object;
  /** The registry as the page inlines it (a remote moved or released under a new URL). */
  registry: string;
  /** The route's remote release as its manifest lists it (its files are named by content hash). */
  remote: string;
}

/** A gzip member's header: deflate, no name, no time, unknown system. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** The last block of a deflate stream: empty, fixed codes, marked final. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** `bytes` as a stored deflate block, not the last one, where the stream is at a byte boundary. */
function storedBlock(bytes: Buffer): Buffer {
  if (bytes.length > 0xffff) throw new RangeError('A stored block holds at most 65,535 bytes');
  const header = Buffer.alloc(5);
  header.writeUInt16LE(bytes.length, 1);
  header.writeUInt16LE(~bytes.length & 0xffff, 3);
  return Buffer.concat([header, bytes]);
}

/**
 * A rendered page, cut where the response's nonce goes, kept as bytes: joined as a string, every
 * response paid for encoding the whole page to UTF-8 again (a fifth of the gateway's time on a
 * kept page, profiled under load), where copying bytes costs next to nothing.
 *
 * Its gzip is kept the same way. Each part is compressed once, on its own and flushed to a byte
 * boundary (a sync flush: nothing refers back across a cut), so a response's stream is the parts'
 * compressed bytes with its nonce between them as a stored block, then a final empty block and the
 * checksum of what it holds: a few microseconds, where compressing the page for each visitor took
 * the better part of a millisecond of the gateway's one thread.
 */
export class CachedPage {
  private readonly parts: readonly Buffer[];
  private deflated: readonly Buffer[] | null = null;

  constructor(parts: readonly string[]) {
    this.parts = parts.map((part) => Buffer.from(part));
  }

  /** The page under this response's CSP nonce. */
  withNonce(nonce: string): Buffer {
    const mark = Buffer.from(nonce);
    return Buffer.concat(this.parts.flatMap((part, index) => (index === 0 ? [part] : [mark, part])));
  }

  /** The same page, gzip-encoded (one member, as any browser reads it). */
  gzipWithNonce(nonce: string): Buffer {
    this.deflated ??= this.parts.map((part) =>
      deflateRawSync(part, { level: constants.Z_BEST_COMPRESSION, finishFlush: constants.Z_SYNC_FLUSH }),
    );
    const deflated = this.deflated;
    const mark = Buffer.from(nonce);
    const stored = storedBlock(mark);
    const pieces: Buffer[] = [GZIP_HEADER];
    let checksum = 0;
    let size = 0;
    this.parts.forEach((part, index) => {
      if (index > 0) {
        pieces.push(stored);
        // Empty input is skipped: Node before 22 answers 0 for it instead of the running value.
        if (mark.length > 0) checksum = crc32(mark, checksum);
        size += mark.length;
      }
      pieces.push(deflated[index] as Buffer);
      if (part.length > 0) checksum = crc32(part, checksum);
      size += part.length;
    });
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(checksum >>> 0, 0);
    trailer.writeUInt32LE(size >>> 0, 4);
    pieces.push(FINAL_BLOCK, trailer);
    return Buffer.concat(pieces);
  }
}

/**
 * The rendered anonymous pages, per path (language included), facility day (the footer's year, the
 * sign-up's days) and release. A page is rendered once under a mark in place of the nonce and sent
 * to each visitor under their own: the CSP still allows only what this response carries. A render
 * that fell back (a slow or failing remote left to the browser) is sent but not kept. Concurrent
 * visitors of a page not yet kept wait for the one render. Another shell release empties it.
 */
export function createPageCache(maxPages = MAX_PAGES) {
  /** Unguessable, letters and digits only: it survives any escaping a renderer applies. */
  const nonceMark = `nonce${randomBytes(16).toString('hex')}`;
  const pages = new Map<string, Promise<CachedPage>>();
  let rendererOfPages: object | null = null;
  // The day changes on a minute: worked out once a minute, not on every page.
  let today = { minute: Number.NaN, day: '' };
  const dayAt = (now: Date) => {
    const minute = Math.floor(now.getTime() / 60_000);
    if (minute !== today.minute) today = { minute, day: facilityDay(now) };
    return today.day;
  };

  return {
    nonceMark,
    /**
     * The page at `path` for `release`, from the cache or from `render` (its HTML with `nonceMark`
     * wherever the nonce goes, and whether it may be kept).
     */
    page(
      path: string,
      release: PageRelease,
      render: () => Promise<{ html: string; keep: boolean }>,
      now = new Date(),
    ): Promise<CachedPage> {
      if (release.renderer !== rendererOfPages) {
        pages.clear();
        rendererOfPages = release.renderer;
      }
      const key = JSON.stringify([path, dayAt(now), release.registry, release.remote]);
      const kept = pages.get(key);
      if (kept) return kept;
      const forget = () => {
        if (pages.get(key) === rendered) pages.delete(key);
      };
      const rendered: Promise<CachedPage> = render().then(({ html, keep }) => {
        if (!keep) forget();
        return new CachedPage(html.split(nonceMark));
      });
      // A failed render is not kept either: the next visitor tries again.
      rendered.catch(forget);
      pages.set(key, rendered);
      if (pages.size > maxPages) {
        const oldest = pages.keys().next().value;
        if (oldest !== undefined) pages.delete(oldest);
      }
      return rendered;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
