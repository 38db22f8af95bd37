import type { SignupStep } from 'shared-i18n';
import { SIGNUP_STEP_ORDER } from 'shared-i18n';

/** The wizard's step rules (spec §4), pure: no React, no I/O. */
export interface CompletedSections {
  clientData: boolean;
  verification: boolean;
  documents: boolean;
  serviceDetails: boolean;
}

export const NO_SECTIONS: CompletedSections = {
  clientData: false,
  verification: false,
  documents: false,
  serviceDetails: false,
};

/** The section each step completes (the review completes none). */
export const SECTION_OF_STEP: Record<SignupStep, keyof CompletedSections | null> = {
  'client-data': 'clientData',
  verification: 'verification',
  documents: 'documents',
  'service-details': 'serviceDetails',
  review: null,
};

export interface Contact {
  hasRegistrationId: boolean;
  emailVerified: boolean;
  phoneVerified: boolean;
}

const bothVerified = (c: Contact) => c.emailVerified && c.phoneVerified;

export function nextStep(step: SignupStep, contact: Contact): SignupStep {
  switch (step) {
    case 'client-data':
      return contact.hasRegistrationId && bothVerified(contact) ? 'documents' : 'verification';
    case 'verification':
      return 'documents';
    case 'documents':
      return 'service-details';
    case 'service-details':
    case 'review':
      return 'review';
  }
}

export function previousStep(step: SignupStep, contact: Contact): SignupStep | null {
  switch (step) {
    case 'client-data':
      return null;
    case 'verification':
      return 'client-data';
    case 'documents':
      return bothVerified(contact) ? 'client-data' : 'verification';
    case 'service-details':
      return 'documents';
    case 'review':
      return 'service-details';
  }
}

/** A step may be jumped to only when every earlier section is complete. */
export function canAccess(step: SignupStep, sections: CompletedSections): boolean {
  const index = SIGNUP_STEP_ORDER.indexOf(step);
  return SIGNUP_STEP_ORDER.slice(0, index).every((earlier) => {
    const section = SECTION_OF_STEP[earlier];
    return section === null || sections[section];
  });
}

/** The last step the completed sections allow. */
export function furthestStep(sections: CompletedSections): SignupStep {
  const allowed = SIGNUP_STEP_ORDER.filter((step) => canAccess(step, sections));
  return allowed[allowed.length - 1] ?? 'client-data';
}

/**
 * Landing on a step URL with a registration: no step → the furthest step; a step beyond
 * it → the furthest step with a warning; otherwise stay.
 */
export function landingStep(
  requested: SignupStep | undefined,
  sections: CompletedSections,
): { step: SignupStep; redirected: boolean; warn: boolean } {
  const furthest = furthestStep(sections);
  if (!requested) return { step: furthest, redirected: true, warn: false };
  if (!canAccess(requested, sections)) return { step: furthest, redirected: true, warn: true };
  return { step: requested, redirected: false, warn: false };
}

export function completeSection(sections: CompletedSections, step: SignupStep): CompletedSections {
  const section = SECTION_OF_STEP[step];
  return section ? { ...sections, [section]: true } : sections;
}

/**
 * Where a recovered registration continues (spec §4): with both channels verified the
 * verification is done (even if Continue was never pressed) and the visitor moves on.
 */
export function stepAfterRecovery(recovered: {
  emailVerified: boolean;
  phoneVerified: boolean;
  completedSections: CompletedSections;
}): { step: SignupStep; sections: CompletedSections } {
  if (!recovered.emailVerified || !recovered.phoneVerified) {
    return { step: 'verification', sections: recovered.completedSections };
  }
  const sections = completeSection(recovered.completedSections, 'verification');
  return { step: furthestStep(sections), sections };
}

export type StepState = 'current' | 'completed' | 'available' | 'locked';

/** States of a step in the step bar. */
export function stepState(step: SignupStep, current: SignupStep, sections: CompletedSections): StepState {
  if (step === current) return 'current';
  const section = SECTION_OF_STEP[step];
  if (section && sections[section]) return 'completed';
  return canAccess(step, sections) ? 'available' : 'locked';
}
