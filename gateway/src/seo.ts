import type { Request, Response } from 'express';
import type { SiteConfig } from 'shared-api/site';
import { matchPath, type PageId, PRIVATE_PAGES, pathFor, SUPPORTED_LANGUAGES } from 'shared-i18n';
import { escapeAttribute, jsonForHtml } from './html';

/** The public pages worth indexing; the sign-up steps and the door tool are not. */
const INDEXED: PageId[] = ['home', 'facilities', 'calculator', 'privacy', 'terms'];

/**
 * The canonical and hreflang links of a page of the route table, for its first HTML (the
 * browser keeps them current as the visitor moves on: shared-ui DocumentMeta). A rendered alias
 * and a sign-up step point at the page itself; other paths get none.
 */
export function pageLinks(req: Request, base: string): string {
  const match = matchPath(req.path);
  if (match.kind !== 'page' || PRIVATE_PAGES.has(match.page)) return '';
  const link = (attributes: string, path: string) => `<link ${attributes} href="${escapeAttribute(base + path)}">`;
  return [
    link('rel="canonical"', pathFor(match.page, match.lang)),
    ...SUPPORTED_LANGUAGES.map((lang) => link(`rel="alternate" hreflang="${lang}"`, pathFor(match.page, lang))),
    link('rel="alternate" hreflang="x-default"', pathFor(match.page, 'es')),
  ].join('');
}

const LOCALES = { es: 'es_ES', en: 'en_US' } as const;
const SCHEMA_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/**
 * What a link preview (WhatsApp, social networks) and a search engine read of a public page,
 * beside the title and description the page renders itself (shared-ui DocumentMeta also writes
 * og:title and og:description): its address, an image, the site's name, and on the home page the
 * business as structured data (name, address, phone, hours, position on the map).
 */
export function socialHead(req: Request, site: SiteConfig, base: string): string {
  const match = matchPath(req.path);
  if (match.kind !== 'page' || PRIVATE_PAGES.has(match.page)) return '';
  const meta = (attribute: 'property' | 'name', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeAttribute(content)}">`;
  const tags = [
    meta('property', 'og:type', 'website'),
    meta('property', 'og:url', base + pathFor(match.page, match.lang)),
    meta('property', 'og:site_name', site.tradingName),
    meta('property', 'og:locale', LOCALES[match.lang]),
    meta('property', 'og:image', `${base}/og-image.jpg`),
    meta('property', 'og:image:width', '1200'),
    meta('property', 'og:image:height', '800'),
    meta('name', 'twitter:card', 'summary_large_image'),
  ];
  if (match.page === 'home' || match.page === 'facilities') {
    const business = {
      '@context': 'https://schema.org',
      '@type': 'SelfStorage',
      name: site.tradingName,
      legalName: site.legalName,
      url: `${base}${pathFor('home', match.lang)}`,
      image: `${base}/og-image.jpg`,
      telephone: site.phone,
      email: site.email,
      address: {
        '@type': 'PostalAddress',
        streetAddress: site.address.street,
        postalCode: site.address.postalCode,
        addressLocality: site.address.city,
        addressRegion: site.address.province,
        addressCountry: 'ES',
      },
      geo: { '@type': 'GeoCoordinates', latitude: site.map.lat, longitude: site.map.lng },
      openingHoursSpecification: [
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: site.officeHours.weekdays.map((day) => SCHEMA_DAYS[day - 1]),
          opens: site.officeHours.opens,
          closes: site.officeHours.closes,
        },
      ],
    };
    tags.push(`<script type="application/ld+json">${jsonForHtml(business)}</script>`);
  }
  return tags.join('');
}

/**
 * Every indexed page in both languages, each with its hreflang alternates, at the site's public
 * address (`base`, PUBLIC_SITE_URL: never the request's Host, which anyone can set).
 */
export const sitemap = (base: string) => (_req: Request, res: Response) => {
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
};

export const robots = (base: string) => (_req: Request, res: Response) => {
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
        'Disallow: /es/mi-cuenta',
        'Disallow: /en/account',
        'Disallow: /functions/',
        `Sitemap: ${base}/sitemap.xml`,
        '',
      ].join('\n'),
    );
};
