import { useEffect } from 'react';
import { type Language, type PageId, pathFor, SUPPORTED_LANGUAGES } from 'shared-i18n';

function upsertLink(selector: string, attributes: Record<string, string>): void {
  let link = document.head.querySelector<HTMLLinkElement>(selector);
  if (!link) {
    link = document.createElement('link');
    document.head.appendChild(link);
  }
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
}

/**
 * Canonical and hreflang alternates of a page. The gateway writes them into the first HTML from
 * the route table; this keeps them right when the visitor moves to another page in the browser.
 * Alternates point at the same page in every language.
 */
function setAlternates(page: PageId, language: Language): void {
  const origin = window.location.origin;
  for (const lang of [...SUPPORTED_LANGUAGES, 'x-default'] as const) {
    upsertLink(`link[rel="alternate"][hreflang="${lang}"]`, {
      rel: 'alternate',
      hreflang: lang,
      href: `${origin}${pathFor(page, lang === 'x-default' ? 'es' : lang)}`,
    });
  }
  upsertLink('link[rel="canonical"]', { rel: 'canonical', href: `${origin}${pathFor(page, language)}` });
}

/**
 * Title and description of a screen, rendered where the screen is: React hoists `<title>` and
 * `<meta>` into the head, so the server-rendered page carries them in its first HTML and the tab
 * follows the visitor from page to page. `page` (a page of the route table) also keeps the
 * canonical and hreflang links current; `<html lang>` follows the language.
 */
export function DocumentMeta({
  title,
  description,
  language,
  page,
  private: privatePage = false,
}: {
  title: string;
  description: string;
  language: Language;
  page?: PageId;
  /** Reached only by a private link: not indexed, and no canonical or alternates left from the page before. */
  private?: boolean;
}) {
  useEffect(() => {
    // The page template's generic title and description (index.html) give way to the page's.
    for (const fallback of document.head.querySelectorAll('[data-fallback]')) fallback.remove();
  }, []);
  useEffect(() => {
    document.documentElement.lang = language;
    if (page) setAlternates(page, language);
    if (privatePage) {
      for (const link of document.head.querySelectorAll('link[rel="canonical"], link[rel="alternate"][hreflang]')) {
        link.remove();
      }
    }
  }, [language, page, privatePage]);
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      {/* A link preview's text (the gateway adds its address, image and site name). */}
      {!privatePage && <meta property="og:title" content={title} />}
      {!privatePage && <meta property="og:description" content={description} />}
      {privatePage && <meta name="robots" content="noindex, nofollow" />}
    </>
  );
}
