import { Parser } from 'htmlparser2';
import { escapeAttribute, jsonForHtml } from './html';

/** A stretch of the template: `end` is exclusive. */
interface Span {
  start: number;
  end: number;
}

interface Edit extends Span {
  text: string;
}

/** The tags React hoists to the start of a page's output (React 19): they belong in the head. */
const HOISTED_TAGS = new Set(['title', 'meta', 'link']);

/** What React hoisted at the start of a page's output, read with the HTML parser. */
export interface Hoisted {
  /** The hoisted tags as written, for the head. */
  html: string;
  /** Whether they carry a title or a description, which then replace the template's own. */
  title: boolean;
  description: boolean;
}

/** Options for one page made from the template. */
interface PageOptions {
  /** The page's language, written into `<html lang>`. */
  language?: string | null;
  /** A server-rendered page: `data-ssr` (the app then adds `data-ready`) and no scripts-only notice. */
  serverRendered?: boolean;
  /**
   * Sessions a server-rendered page's request surely had none of (`data-signed-out`): the browser
   * hydrates what the server rendered for them, the sign-in.
   */
  signedOut?: readonly string[];
  /** Appended to the head, in order. */
  head?: readonly string[];
  /** The page's own title and description, instead of the template's. */
  hoisted?: Hoisted | null;
  /** The template's scripts leave the head and load after the first paint (see `paintLoader`). */
  scriptsAfterPaint?: { nonce: string; preloads?: readonly string[] };
}

/**
 * An app's index.html (the shell's, or a standalone remote's), read once with an HTML parser:
 * the gateway changes a page by the positions the parser reports (the `<html>` tag, the end of
 * the head and body, the template's title, description, scripts and notice, the root element),
 * never by searching the text.
 */
export interface PageTemplate {
  /** The template has the empty `<div id="root">` a rendered page goes into. */
  readonly hasRoot: boolean;
  /** The whole page, with `rootContent` inside the root element. */
  page(options: PageOptions, rootContent?: string): string;
  /** The page up to the root element's content and from its end: a streamed render goes between. */
  aroundRoot(options: PageOptions): { before: string; after: string };
}

interface Parsed {
  htmlTag: (Span & { attributes: Record<string, string> }) | null;
  headEnd: number;
  bodyEnd: number;
  title: Span | null;
  description: Span | null;
  noscript: Span | null;
  scripts: (Span & { src: string })[];
  /** Where the root element's content goes (between its start and end tags). */
  rootContent: number | null;
}

function parse(html: string): Parsed {
  const parsed: Parsed = {
    htmlTag: null,
    headEnd: -1,
    bodyEnd: html.length,
    title: null,
    description: null,
    noscript: null,
    scripts: [],
    rootContent: null,
  };
  const open: { name: string; start: number; attributes: Record<string, string> }[] = [];
  let rootStart: number | null = null;
  const parser = new Parser({
    onopentag(name, attributes) {
      const start = parser.startIndex;
      open.push({ name, start, attributes });
      if (name === 'html' && !parsed.htmlTag) parsed.htmlTag = { start, end: parser.endIndex + 1, attributes };
      if (name === 'div' && attributes.id === 'root' && rootStart === null) rootStart = parser.endIndex + 1;
    },
    onclosetag(name, implied) {
      const element = open.pop();
      if (!element) return;
      // An implied end (a void element) ends where its start tag does.
      const span = { start: element.start, end: parser.endIndex + 1 };
      if (name === 'head' && parsed.headEnd < 0) parsed.headEnd = parser.startIndex;
      if (name === 'body' && !implied) parsed.bodyEnd = parser.startIndex;
      if (name === 'title' && !parsed.title) parsed.title = span;
      if (name === 'meta' && element.attributes.name === 'description' && !parsed.description) {
        parsed.description = span;
      }
      if (name === 'noscript' && !parsed.noscript && open.some((e) => e.name === 'body')) parsed.noscript = span;
      if (name === 'script' && element.attributes.src) parsed.scripts.push({ ...span, src: element.attributes.src });
      // Only an empty root takes a rendered page.
      const isRoot = name === 'div' && element.attributes.id === 'root' && parsed.rootContent === null;
      if (isRoot && !implied && parser.startIndex === rootStart) parsed.rootContent = rootStart;
    },
  });
  parser.write(html);
  parser.end();
  if (parsed.headEnd < 0) throw new Error('The page template has no head');
  return parsed;
}

function applyEdits(html: string, edits: Edit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  let result = '';
  let at = 0;
  for (const edit of sorted) {
    result += html.slice(at, edit.start) + edit.text;
    at = Math.max(at, edit.end);
  }
  return result + html.slice(at);
}

function openingTag(name: string, attributes: Record<string, string>): string {
  const written = Object.entries(attributes).map(([key, value]) =>
    value === '' ? ` ${key}` : ` ${key}="${escapeAttribute(value)}"`,
  );
  return `<${name}${written.join('')}>`;
}

/**
 * A server-rendered page is readable before any script runs, so its scripts wait for the first
 * contentful paint: the visitor sees the page while the app's code downloads, instead of after
 * it has run (a deferred script in the head runs before the first paint, and competes with the
 * stylesheets for a slow connection). An inline loader (this response's nonce) adds them, in
 * order, once the browser reports the paint. A browser without paint timing loads them after
 * the next frame.
 *
 * Everything is fetched at once as a preload, the page's own scripts first: a script element a
 * script adds is fetched at low priority, so the one that starts the app would come last (on slow
 * 4G, 0.3–0.4 s later than the rest, measured). `preloads` (the route's remote: its entry and its
 * App's chunks) follow, instead of once the shell's code has run and asked for them: the
 * federation then finds them in the cache.
 */
function paintLoader(sources: readonly string[], nonce: string, preloads: readonly string[]): string {
  return [
    `<script nonce="${escapeAttribute(nonce)}">(function(){`,
    'var done=false;function load(){if(done)return;done=true;',
    `${jsonForHtml([...new Set([...sources, ...preloads])])}.forEach(function(href){var l=document.createElement('link');l.rel='preload';l.as='script';l.href=href;document.head.appendChild(l)});`,
    `${jsonForHtml(sources)}.forEach(function(src){var s=document.createElement('script');s.src=src;s.async=false;document.head.appendChild(s)})}`,
    'var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];',
    "if(types.indexOf('paint')<0){requestAnimationFrame(function(){setTimeout(load)});return}",
    "new PerformanceObserver(function(list,observer){if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();load()}}).observe({type:'paint',buffered:true})",
    '})()</script>',
  ].join('');
}

export function readPageTemplate(html: string): PageTemplate {
  const parsed = parse(html);

  const edits = (options: PageOptions): Edit[] => {
    const result: Edit[] = [];
    const { htmlTag } = parsed;
    if (htmlTag && (options.language || options.serverRendered)) {
      const attributes: Record<string, string> = options.serverRendered ? { 'data-ssr': '' } : {};
      if (options.serverRendered && options.signedOut?.length)
        attributes['data-signed-out'] = options.signedOut.join(' ');
      Object.assign(attributes, htmlTag.attributes);
      if (options.language) attributes.lang = options.language;
      result.push({ ...htmlTag, text: openingTag('html', attributes) });
    }
    const { hoisted } = options;
    if (hoisted?.title && parsed.title) result.push({ ...parsed.title, text: '' });
    if (hoisted?.description && parsed.description) result.push({ ...parsed.description, text: '' });
    if (options.serverRendered && parsed.noscript) result.push({ ...parsed.noscript, text: '' });
    const head = [...(options.head ?? []), hoisted?.html ?? ''].join('');
    if (head) result.push({ start: parsed.headEnd, end: parsed.headEnd, text: head });
    const { scriptsAfterPaint } = options;
    if (scriptsAfterPaint && parsed.scripts.length > 0) {
      for (const script of parsed.scripts) result.push({ ...script, text: '' });
      const loader = paintLoader(
        parsed.scripts.map((script) => script.src),
        scriptsAfterPaint.nonce,
        scriptsAfterPaint.preloads ?? [],
      );
      result.push({ start: parsed.bodyEnd, end: parsed.bodyEnd, text: loader });
    }
    return result;
  };

  return {
    hasRoot: parsed.rootContent !== null,
    page(options, rootContent = '') {
      const all = edits(options);
      if (rootContent && parsed.rootContent !== null) {
        all.push({ start: parsed.rootContent, end: parsed.rootContent, text: rootContent });
      }
      return applyEdits(html, all);
    },
    aroundRoot(options) {
      const at = parsed.rootContent;
      if (at === null) throw new Error('The page template has no empty root element');
      // Every edit is on one side of the root's content: the head and the html tag before, the
      // body's end after.
      const all = edits(options);
      const before = all.filter((edit) => edit.end <= at);
      const after = all
        .filter((edit) => edit.end > at)
        .map((edit) => ({ ...edit, start: edit.start - at, end: edit.end - at }));
      return { before: applyEdits(html.slice(0, at), before), after: applyEdits(html.slice(at), after) };
    },
  };
}

/**
 * Reads the tags React hoisted at the start of a page's output (its title, description and
 * links), and where the page itself starts. `null` while the start may still be a hoisted tag
 * cut between two chunks (`ended`: no more output comes).
 */
export function readHoisted(start: string, ended: boolean): (Hoisted & { bodyStart: number }) | null {
  let depth = 0;
  let top: { name: string; attributes: Record<string, string> } | null = null;
  let end = 0;
  let title = false;
  let description = false;
  // Something that is not a hoisted tag has started: the page itself.
  let pageStarted = false;
  const parser = new Parser({
    onopentag(name, attributes) {
      if (pageStarted) return;
      if (depth === 0) {
        if (!HOISTED_TAGS.has(name)) {
          pageStarted = true;
          return;
        }
        top = { name, attributes };
      }
      depth += 1;
    },
    ontext() {
      if (depth === 0) pageStarted = true;
    },
    onclosetag() {
      if (pageStarted || depth === 0) return;
      depth -= 1;
      if (depth > 0 || !top) return;
      end = parser.endIndex + 1;
      if (top.name === 'title') title = true;
      if (top.name === 'meta' && top.attributes.name === 'description') description = true;
      top = null;
    },
  });
  parser.write(start);
  if (ended) parser.end();
  // Not known yet: the next chunk may complete a hoisted tag, or show the page has started.
  if (!ended && !pageStarted) return null;
  return { html: start.slice(0, end), title, description, bodyStart: end };
}
