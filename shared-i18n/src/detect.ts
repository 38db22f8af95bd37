import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, type Language, languageOf } from './languages';
import { languageFromPath } from './routes';

export interface DetectionSources {
  pathname: string;
  /** navigator.languages (or [navigator.language]). */
  browserLanguages: readonly string[];
  /** The language remembered in localStorage, if any. */
  stored: string | null;
}

/** Detection order of the spec: path, then browser language, then local storage, then Spanish. */
export function detectLanguage({ pathname, browserLanguages, stored }: DetectionSources): Language {
  const fromPath = languageFromPath(pathname);
  if (fromPath) return fromPath;
  for (const code of browserLanguages) {
    const lang = languageOf(code);
    if (lang) return lang;
  }
  return languageOf(stored) ?? DEFAULT_LANGUAGE;
}

/**
 * The languages an `Accept-Language` header asks for, most wanted first: what a server knows of
 * `navigator.languages` (browsers send the same list).
 */
export function languagesFromHeader(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, q }) => tag && tag !== '*' && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}

// Browser globals, typed here so the module also compiles for Node (the gateway uses the route table).
const browser = globalThis as {
  localStorage?: { getItem(key: string): string | null };
  navigator?: { languages?: readonly string[]; language?: string };
};

/** What localStorage remembers; null where storage is disabled (private mode) or absent. */
export function storedLanguage(): string | null {
  try {
    return browser.localStorage?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** detectLanguage with this browser's languages and storage. */
export function detectBrowserLanguage(pathname: string): Language {
  const nav = browser.navigator;
  const browserLanguages = nav?.languages ?? (nav?.language ? [nav.language] : []);
  return detectLanguage({ pathname, browserLanguages, stored: storedLanguage() });
}
