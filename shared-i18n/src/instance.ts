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

/** Namespaces whose languages arrive on demand; each language's load in flight or done; the ones done. */
const loaded = new Map<string, NamespaceLoaders>();
const loads = new Map<string, Promise<void>>();
const done = new Set<string>();
const keyOf = (namespace: string, language: Language) => `${namespace}:${language}`;

/** i18next ignores `addResourceBundle` before `init`: a bundle added earlier waits for the shell's init. */
function whenInitialized(add: () => void): void {
  if (i18n.isInitialized) add();
  else i18n.on('initialized', add);
}

/**
 * Adds a remote's namespace to the shared instance: its texts, or a loader per language whose
 * texts `loadLanguage` (the shell, before it renders the remote or shows a language) fetches.
 * A new release of the remote registers new loaders: its texts are fetched again, not kept.
 */
export function addNamespace(namespace: string, resources: NamespaceResources | NamespaceLoaders): void {
  const kinds = new Set(SUPPORTED_LANGUAGES.map((lang) => typeof resources[lang]));
  if (kinds.size !== 1) throw new Error(`namespace "${namespace}": every language a loader, or every one its texts`);
  if (kinds.has('function')) {
    if (loaded.get(namespace) !== resources) {
      for (const lang of SUPPORTED_LANGUAGES) {
        loads.delete(keyOf(namespace, lang));
        done.delete(keyOf(namespace, lang));
      }
    }
    loaded.set(namespace, resources as NamespaceLoaders);
    return;
  }
  whenInitialized(() => {
    for (const lang of SUPPORTED_LANGUAGES) {
      i18n.addResourceBundle(lang, namespace, (resources as NamespaceResources)[lang], true, true);
    }
  });
}

function loadTexts(namespace: string, loaders: NamespaceLoaders, language: Language): Promise<void> {
  const key = keyOf(namespace, language);
  let load = loads.get(key);
  if (!load) {
    load = loaders[language]().then(
      (texts) =>
        new Promise<void>((resolve) =>
          whenInitialized(() => {
            // Of a release replaced meanwhile, the texts are not the namespace's any more.
            if (loaded.get(namespace) === loaders) {
              i18n.addResourceBundle(language, namespace, texts, true, true);
              done.add(key);
            }
            resolve();
          }),
        ),
    );
    loads.set(key, load);
    load.catch(() => loads.delete(key));
  }
  return load;
}

/**
 * The texts in `language` of the namespaces named (all fetched on demand when none are), each
 * fetched once (a failed fetch is tried again at the next call). Rejects if one could not be.
 * A remote's namespace is its federation name (each remote's `addNamespace`).
 */
export function loadLanguage(language: Language, namespaces?: readonly string[]): Promise<void> {
  const wanted = [...loaded].filter(([namespace]) => !namespaces || namespaces.includes(namespace));
  return Promise.all(wanted.map(([namespace, loaders]) => loadTexts(namespace, loaders, language))).then(
    () => undefined,
  );
}

let languageWanted: Language | null = null;

/** Every namespace fetched on demand has its texts in `language` already. */
const textsIn = (language: Language) => [...loaded.keys()].every((namespace) => done.has(keyOf(namespace, language)));

/**
 * Shows the page in `language` once its texts are in (until then it stays in the one it is in,
 * rather than falling back key by key); at once when they are. Of quick switches, the last one
 * wins: call it for every language the page is to show, even the one it shows (that cancels a
 * switch still waiting). Texts that could not be fetched do not keep the language from changing:
 * their keys fall back to Spanish, or show as keys if Spanish was not fetched either.
 */
export function switchLanguage(language: Language): Promise<void> {
  languageWanted = language;
  const change = () =>
    languageWanted === language && i18n.language !== language
      ? i18n.changeLanguage(language).then(() => undefined)
      : Promise.resolve();
  if (textsIn(language)) return change();
  return Promise.allSettled([...loaded].map(([namespace, loaders]) => loadTexts(namespace, loaders, language))).then(
    change,
  );
}
