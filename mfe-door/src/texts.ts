import { refusalMessage } from 'shared-api';
import { addNamespace, type Language, useTranslation } from 'shared-i18n';
import { doorResources } from './i18n';
import { serverText } from './language/server-text';
import { useDoorLanguage } from './language/store';

addNamespace('door', doorResources);

/** The tool's language: Spanish (the spec's) unless this device or its user's sign-up chose English. */
export function useDoorLanguageValue(): Language {
  return useDoorLanguage((s) => s.language);
}

/** The door namespace's `t`, in the tool's language (not the page path's: the tool has none). */
export function useDoorT() {
  return useTranslation('door', { lng: useDoorLanguageValue() }).t;
}

/** What to say after a failed call: the server's refusal in the tool's language, else `fallback`. */
export function useRefusalText(): (error: unknown, fallback: string) => string {
  const language = useDoorLanguageValue();
  return (error, fallback) => {
    const message = refusalMessage(error, fallback);
    return message === fallback ? fallback : serverText(message, language);
  };
}
