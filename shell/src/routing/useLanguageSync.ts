import { useEffect } from 'react';
import { i18n, LANGUAGE_STORAGE_KEY, type Language, switchLanguage } from 'shared-i18n';

/** The path's language drives i18next, `<html lang>` and the remembered language. */
export function useLanguageSync(language: Language): void {
  useEffect(() => {
    if (i18n.language !== language) void switchLanguage(language);
    document.documentElement.lang = language;
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      // Storage may be disabled (private mode): the path still carries the language.
    }
  }, [language]);
}
