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

export type NamespaceTexts = Record<string, unknown>;
export type NamespaceResources = Record<Language, NamespaceTexts>;
/**
 * Each language's texts of a namespace, fetched when that language is first shown: a page
 * carries the texts it shows, not the other language's too (the sign-up's are 37 KB raw).
 */
export type NamespaceLoaders = Record<Language, () => Promise<NamespaceTexts>>;

/** Namespaces whose languages arrive on demand, and each language's load in flight or done. */
const loaded = new Map<string, NamespaceLoaders>();
const loads = new Map<string, Promise<void>>();

/** i18next ignores `addResourceBundle` before `init`: a bundle added earlier waits for the shell's init. */
function whenInitialized(add: () => void): void {
  if (i18n.isInitialized) add();
  else i18n.on('initialized', add);
}

/**
 * Adds a remote's namespace to the shared instance: its texts, or a loader per language whose
 * texts `loadLanguage` (the shell, before it renders the remote or shows a language) fetches.
 */
export function addNamespace(namespace: string, resources: NamespaceResources | NamespaceLoaders): void {
  if (SUPPORTED_LANGUAGES.every((lang) => typeof resources[lang] === 'function')) {
    loaded.set(namespace, resources as NamespaceLoaders);
    return;
  }
  whenInitialized(() => {
    for (const lang of SUPPORTED_LANGUAGES) {
      i18n.addResourceBundle(lang, namespace, (resources as NamespaceResources)[lang], true, true);
    }
  });
}

/**
 * Every namespace's texts in `language`, fetched once each (a failed fetch is tried again at the
 * next call). Resolves when they are all in the instance.
 */
export function loadLanguage(language: Language): Promise<void> {
  return Promise.all(
    [...loaded].map(([namespace, loaders]) => {
      const key = `${namespace}:${language}`;
      let load = loads.get(key);
      if (!load) {
        load = loaders[language]().then(
          (texts) =>
            new Promise<void>((resolve) =>
              whenInitialized(() => {
                i18n.addResourceBundle(language, namespace, texts, true, true);
                resolve();
              }),
            ),
        );
        loads.set(key, load);
        load.catch(() => loads.delete(key));
      }
      return load;
    }),
  ).then(() => undefined);
}

let languageWanted: Language | null = null;

/** Every namespace has its texts in `language` already. */
const textsIn = (language: Language) =>
  [...loaded.keys()].every((namespace) => i18n.hasResourceBundle(language, namespace));

/**
 * Shows the page in `language` once its texts are in (until then it stays in the one it is in,
 * rather than falling back key by key); at once when they are. Of quick switches, the last one
 * wins; texts that could not be fetched do not keep the language from changing (the fallback
 * language shows for them).
 */
export function switchLanguage(language: Language): Promise<void> {
  languageWanted = language;
  const change = () =>
    languageWanted === language && i18n.language !== language
      ? i18n.changeLanguage(language).then(() => undefined)
      : Promise.resolve();
  if (textsIn(language)) return change();
  return loadLanguage(language)
    .catch(() => undefined)
    .then(change);
}
