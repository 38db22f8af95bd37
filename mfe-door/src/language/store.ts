import type { Language } from 'shared-i18n';
import { readStored, writeStored } from 'shared-ui/stored';
import * as z from 'zod/mini';
import { create } from 'zustand';

/** The device's choice (spec §6 keeps "the language" in local storage). */
export const LANGUAGE_KEY = 'abridor_idioma';
const storedLanguage = z.enum(['es', 'en']);

interface LanguageState {
  /** Spanish until this browser's choice is read: the server's page and the first render are Spanish. */
  language: Language;
  restore(): void;
  /** The person chose, or signed in as a user whose language this is. */
  choose(language: Language): void;
}

export const useDoorLanguage = create<LanguageState>()((set) => ({
  language: 'es',
  restore() {
    set({ language: readStored(LANGUAGE_KEY, storedLanguage, { text: true }) ?? 'es' });
  },
  choose(language) {
    writeStored(LANGUAGE_KEY, language, { text: true });
    set({ language });
  },
}));
