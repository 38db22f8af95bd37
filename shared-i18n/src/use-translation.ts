import type { i18n as I18n, Namespace, TFunction } from 'i18next';
import {
  createContext,
  createElement,
  type ReactNode,
  useCallback,
  useContext,
  useMemo,
  useSyncExternalStore,
} from 'react';
import { i18n as pageI18n } from './instance';
import type { Language } from './languages';

/*
 * What the suite used of react-i18next (`useTranslation(namespace).t` and a provider), on the
 * one i18next instance: 10 KB gzip and a shared module less on every page's first load.
 */

/** The page's instance in the browser; on the server one per request (two languages may render at once). */
const I18nContext = createContext<I18n>(pageI18n);

export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return createElement(I18nContext.Provider, { value: i18n }, children);
}

/**
 * `t` of a namespace in the current language (or a fixed one: the door tool is Spanish only).
 * A new `t` when the language changes, so components that use it render again.
 */
export function useTranslation<const Ns extends Namespace>(
  namespace: Ns,
  options: { lng?: Language } = {},
): { t: TFunction<Ns extends null ? 'translation' : Ns>; i18n: I18n } {
  const i18n = useContext(I18nContext);
  const subscribe = useCallback(
    (onChange: () => void) => {
      i18n.on('languageChanged', onChange);
      return () => i18n.off('languageChanged', onChange);
    },
    [i18n],
  );
  const readLanguage = () => i18n.language;
  const language = useSyncExternalStore(subscribe, readLanguage, readLanguage);
  const lng = options.lng ?? language;
  const t = useMemo(() => i18n.getFixedT<Ns>(lng, namespace), [i18n, lng, namespace]);
  return { t, i18n };
}
