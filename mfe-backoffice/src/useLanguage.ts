import { type Language, languageOf, useTranslation } from 'shared-i18n';

/** The page's language (the shell's or the standalone page's). */
export function useLanguage(): Language {
  const { i18n } = useTranslation('backoffice');
  return languageOf(i18n.language) ?? 'es';
}
