import type { Language } from './languages';

/** What the shell hands every remote's exposed `./App`, rendered inside the shell's router. */
export interface RemoteAppProps {
  language: Language;
}
