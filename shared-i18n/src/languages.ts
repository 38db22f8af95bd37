export const SUPPORTED_LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';
/** localStorage key where the last used language is remembered. */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** Only the language part of a code counts: `en-GB` → `en`, `ES_es` → `es`. */
export function languageOf(code: string | null | undefined): Language | null {
  if (!code) return null;
  const part = code.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(part) ? part : null;
}
