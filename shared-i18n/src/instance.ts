import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { DEFAULT_LANGUAGE, type Language, SUPPORTED_LANGUAGES } from './languages';

/**
 * The one i18next instance of the page. This module is a federation singleton,
 * so the shell and every remote get this same object.
 */
export const i18n: I18n = i18next.createInstance();

let initPromise: Promise<unknown> | null = null;

export function initI18n(lang: Language, resources: Resource = {}): Promise<unknown> {
  initPromise ??= i18n.init({
    lng: lang,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    resources,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return initPromise;
}

export type NamespaceResources = Record<Language, Record<string, unknown>>;

/**
 * Adds a remote's namespace to the shared instance. i18next ignores
 * `addResourceBundle` before `init`, so this waits for the shell's init.
 */
export function addNamespace(namespace: string, resources: NamespaceResources): void {
  const add = () => {
    for (const lang of SUPPORTED_LANGUAGES) {
      i18n.addResourceBundle(lang, namespace, resources[lang], true, true);
    }
  };
  if (i18n.isInitialized) add();
  else i18n.on('initialized', add);
}
