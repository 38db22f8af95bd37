import type { NamespaceLoaders } from 'shared-i18n';
import type { es } from './texts/es';

/**
 * The sign-up's texts, one chunk per language (37 KB raw together): a page fetches the language it
 * shows (the gateway preloads it with the remote's scripts: `texts-<language>`), the other one if
 * the visitor switches.
 */
export const signupResources = {
  es: () => import(/* webpackChunkName: "texts-es" */ './texts/es').then((texts) => texts.es),
  en: () => import(/* webpackChunkName: "texts-en" */ './texts/en').then((texts) => texts.en),
} satisfies NamespaceLoaders;

/** What every language says: the Spanish texts' shape (i18next.d.ts types the keys with it). */
export type SignupTexts = typeof es;
