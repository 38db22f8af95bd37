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

/** The language remembered in localStorage; null where storage is disabled (private mode). */
export function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** detectLanguage with this browser's languages and storage. */
export function detectBrowserLanguage(pathname: string): Language {
  return detectLanguage({
    pathname,
    browserLanguages: navigator.languages ?? [navigator.language],
    stored: storedLanguage(),
  });
}
