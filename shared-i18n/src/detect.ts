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
