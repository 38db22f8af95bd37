import { createContext, useContext } from 'react';
import type { Language, SignupStep } from 'shared-i18n';
import type { RegistrationDraft } from '../session/draft';

/** What a step may ask of the wizard around it. */
export interface WizardNavigation {
  language: Language;
  step: SignupStep;
  goTo(step: SignupStep, options?: { replace?: boolean }): void;
  /** Marks the step's section done, saves the draft to the server and moves on. */
  complete(step: SignupStep, draft?: RegistrationDraft): Promise<boolean>;
  back(): void;
  /** Saves the current draft; false (with a toast) when the server refused. */
  save(draft?: RegistrationDraft): Promise<boolean>;
}

/**
 * Its own module, apart from the wizard: the steps use it and the wizard renders the steps, so
 * living in Wizard.tsx made every step import the module that imports it.
 */
export const NavigationContext = createContext<WizardNavigation | null>(null);

export function useWizard(): WizardNavigation {
  const value = useContext(NavigationContext);
  if (!value) throw new Error('useWizard outside the wizard');
  return value;
}
