import { useEffect } from 'react';
import { LANGUAGE_STORAGE_KEY, type Language, switchLanguage } from 'shared-i18n';

/** The path's language drives i18next, `<html lang>` and the remembered language. */
export function useLanguageSync(language: Language): void {
  useEffect(() => {
    // Every time, even to the language shown: that cancels a switch still fetching its texts.
    void switchLanguage(language);
    document.documentElement.lang = language;
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      // Storage may be disabled (private mode): the path still carries the language.
    }
  }, [language]);
}
