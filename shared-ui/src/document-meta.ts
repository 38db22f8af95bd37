import { useEffect } from 'react';
import { type Language, type PageId, pathFor, SUPPORTED_LANGUAGES } from 'shared-i18n';

function upsert(selector: string, create: () => HTMLElement): HTMLElement {
  return document.head.querySelector<HTMLElement>(selector) ?? document.head.appendChild(create());
}

function setTitleAndDescription(title: string, description: string, language: Language): void {
  document.title = title;
  document.documentElement.lang = language;
  const meta = upsert('meta[name="description"]', () => {
    const m = document.createElement('meta');
    m.setAttribute('name', 'description');
    return m;
  });
  meta.setAttribute('content', description);
}

/**
 * Title, description and `<html lang>` of a screen outside the route table (the not-found page,
 * the door tool): without it the tab and the description keep whatever the last page set.
 */
export function usePageTitle({
  title,
  description,
  language,
}: {
  title: string;
  description: string;
  language: Language;
}): void {
  useEffect(() => setTitleAndDescription(title, description, language), [title, description, language]);
}

/**
 * Title, description, `<html lang>` and the hreflang alternates of a page, for search engines
 * and for the browser tab. Alternates point at the same page in every language.
 */
export function useDocumentMeta({
  title,
  description,
  page,
  language,
}: {
  title: string;
  description: string;
  page: PageId;
  language: Language;
}): void {
  useEffect(() => {
    setTitleAndDescription(title, description, language);
    const origin = window.location.origin;
    for (const lang of [...SUPPORTED_LANGUAGES, 'x-default'] as const) {
      const link = upsert(`link[rel="alternate"][hreflang="${lang}"]`, () => {
        const l = document.createElement('link');
        l.rel = 'alternate';
        l.hreflang = lang;
        return l;
      });
      link.setAttribute('href', `${origin}${pathFor(page, lang === 'x-default' ? 'es' : lang)}`);
    }
    const canonical = upsert('link[rel="canonical"]', () => {
      const l = document.createElement('link');
      l.rel = 'canonical';
      return l;
    });
    canonical.setAttribute('href', `${origin}${pathFor(page, language)}`);
  }, [title, description, page, language]);
}
