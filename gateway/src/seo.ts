import type { Request, Response } from 'express';
import { matchPath, type PageId, PRIVATE_PAGES, pathFor, SUPPORTED_LANGUAGES } from 'shared-i18n';
import { escapeAttribute } from './html';

/** The public pages worth indexing; the sign-up steps and the door tool are not. */
const INDEXED: PageId[] = ['home', 'facilities', 'calculator', 'privacy', 'terms'];

function origin(req: Request): string {
  return `${req.protocol}://${req.get('host')}`;
}

/**
 * The canonical and hreflang links of a page of the route table, for its first HTML (the
 * browser keeps them current as the visitor moves on: shared-ui DocumentMeta). A rendered alias
 * and a sign-up step point at the page itself; other paths get none.
 */
export function pageLinks(req: Request): string {
  const match = matchPath(req.path);
  if (match.kind !== 'page' || PRIVATE_PAGES.has(match.page)) return '';
  const base = origin(req);
  const link = (attributes: string, path: string) => `<link ${attributes} href="${escapeAttribute(base + path)}">`;
  return [
    link('rel="canonical"', pathFor(match.page, match.lang)),
    ...SUPPORTED_LANGUAGES.map((lang) => link(`rel="alternate" hreflang="${lang}"`, pathFor(match.page, lang))),
    link('rel="alternate" hreflang="x-default"', pathFor(match.page, 'es')),
  ].join('');
}

/** Every indexed page in both languages, each with its hreflang alternates. */
export function sitemap(req: Request, res: Response) {
  const base = origin(req);
  const urls = INDEXED.flatMap((page) =>
    SUPPORTED_LANGUAGES.map((lang) => {
      const alternates = SUPPORTED_LANGUAGES.map(
        (alt) => `<xhtml:link rel="alternate" hreflang="${alt}" href="${base}${pathFor(page, alt)}"/>`,
      ).join('');
      return `<url><loc>${base}${pathFor(page, lang)}</loc>${alternates}</url>`;
    }),
  );
  res
    .type('application/xml')
    .set('cache-control', 'public, max-age=3600')
    .send(
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${urls.join('')}</urlset>\n`,
    );
}

export function robots(req: Request, res: Response) {
  res
    .type('text/plain')
    .set('cache-control', 'public, max-age=3600')
    .send(
      [
        'User-agent: *',
        'Disallow: /es/alta',
        'Disallow: /en/signup',
        'Disallow: /abridor',
        'Disallow: /gestion',
        'Disallow: /en/backoffice',
        'Disallow: /es/lista-espera/',
        'Disallow: /en/waitlist/',
        'Disallow: /functions/',
        `Sitemap: ${origin(req)}/sitemap.xml`,
        '',
      ].join('\n'),
    );
}
