import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, type Language, languageOf } from './languages';
import { languageFromPath } from './routes';

export interface DetectionSources {
  pathname: string;
  /** navigator.languages (or [navigator.language]). */
  browserLanguages: readonly string[];
  // Browser globals, typed here so the module also compiles for Node (the gateway uses the route table).
const browser = globalThis as {
  localStorage?: { getItem(key: string): string | null };
  navigator?: { languages?: readonly string[]; language?: string };
};

/** The language remembered in localStorage; null where storage is disabled (private mode) or absent. */
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
