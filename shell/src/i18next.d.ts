// Translation keys are checked by the compiler: a typo fails the typecheck instead of showing a raw key.
import 'i18next';
import type { commonResources } from './i18n/common';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { common: typeof commonResources.es };
  }
}
