import type { NamespaceLoaders } from 'shared-i18n';
import type { es } from './texts/es';

/**
 * The calculator texts, one chunk per language: a page fetches the language it shows (the gateway
 * preloads it with the remote's scripts: `texts-<language>`), the other one if the visitor switches.
 */
export const calculatorResources = {
  es: () => import(/* webpackChunkName: "texts-es" */ './texts/es').then((texts) => texts.es),
  en: () => import(/* webpackChunkName: "texts-en" */ './texts/en').then((texts) => texts.en),
} satisfies NamespaceLoaders;

/** What every language says: the Spanish texts' shape (i18next.d.ts types the keys with it). */
export type CalculatorTexts = typeof es;
