import { addNamespace, type Language, languageOf, useTranslation } from 'shared-i18n';
import { accountResources } from './i18n';

addNamespace('account', accountResources);

/** The account namespace's `t`, in the page's language. */
export function useAccountT() {
  return useTranslation('account').t;
}

/** The page's language. */
export function useLanguage(): Language {
  const { i18n } = useTranslation('account');
  return languageOf(i18n.language) ?? 'es';
}
