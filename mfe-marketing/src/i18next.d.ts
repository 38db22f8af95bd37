// Translation keys are checked by the compiler: a typo fails the typecheck instead of showing a raw key.
import 'i18next';
import type { MarketingTexts } from './i18n';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { marketing: MarketingTexts };
  }
}
