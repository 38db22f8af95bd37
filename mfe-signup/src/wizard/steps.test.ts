import { describe, expect, it } from 'vitest';
import {
  type CompletedSections,
  canAccess,
  completeSection,
  furthestStep,
  landingStep,
  NO_SECTIONS,
  nextStep,
  previousStep,
  stepAfterRecovery,
  stepState,
} from './steps';

const sections = (done: Partial<CompletedSections>): CompletedSections => ({ ...NO_SECTIONS, ...done });
const unverified = { hasRegistrationId: true, emailVerified: false, phoneVerified: false };
const verified = { hasRegistrationId: true, emailVerified: true, phoneVerified: true };

describe('next and previous', () => {
  it('client data goes to documents only with an id and both channels verified', () => {
    expect(nextStep('client-data', verified)).toBe('documents');
    expect(nextStep('client-data', { ...verified, phoneVerified: false })).toBe('verification');
    expect(nextStep('client-data', { ...verified, hasRegistrationId: false })).toBe('verification');
  });

  it('then verification → documents → services → review', () => {
    expect(nextStep('verification', unverified)).toBe('documents');
    expect(nextStep('documents', unverified)).toBe('service-details');
    expect(nextStep('service-details', unverified)).toBe('review');
  });

  it('previous skips verification when both channels are verified', () => {
    expect(previousStep('verification', verified)).toBe('client-data');
    expect(previousStep('documents', verified)).toBe('client-data');
    expect(previousStep('documents', { ...verified, emailVerified: false })).toBe('verification');
    expect(previousStep('service-details', verified)).toBe('documents');
    expect(previousStep('review', verified)).toBe('service-details');
    expect(previousStep('client-data', verified)).toBeNull();
  });
});

describe('access and the furthest step', () => {
  it('a step is accessible only when every earlier section is complete', () => {
    expect(canAccess('client-data', NO_SECTIONS)).toBe(true);
    expect(canAccess('verification', NO_SECTIONS)).toBe(false);
    expect(canAccess('documents', sections({ clientData: true }))).toBe(false);
    expect(canAccess('documents', sections({ clientData: true, verification: true }))).toBe(true);
    // A hole earlier in the chain blocks everything after it.
    expect(canAccess('review', sections({ clientData: true, documents: true, serviceDetails: true }))).toBe(false);
  });

  it.each([
    [{}, 'client-data'],
    [{ clientData: true }, 'verification'],
    [{ clientData: true, verification: true }, 'documents'],
    [{ clientData: true, verification: true, documents: true }, 'service-details'],
    [{ clientData: true, verification: true, documents: true, serviceDetails: true }, 'review'],
  ] as const)('%o → %s', (done, step) => {
    expect(furthestStep(sections(done))).toBe(step);
  });

  it('landing: no step → furthest; beyond it → furthest with a warning; allowed → stays', () => {
    const done = sections({ clientData: true, verification: true });
    expect(landingStep(undefined, done)).toEqual({ step: 'documents', redirected: true, warn: false });
    expect(landingStep('review', done)).toEqual({ step: 'documents', redirected: true, warn: true });
    expect(landingStep('client-data', done)).toEqual({ step: 'client-data', redirected: false, warn: false });
  });

  it('completing a step marks its section; the review marks none', () => {
    expect(completeSection(NO_SECTIONS, 'documents')).toEqual(sections({ documents: true }));
    expect(completeSection(NO_SECTIONS, 'review')).toEqual(NO_SECTIONS);
  });

  it('step bar states', () => {
    const done = sections({ clientData: true });
    expect(stepState('client-data', 'verification', done)).toBe('completed');
    expect(stepState('verification', 'verification', done)).toBe('current');
    expect(stepState('documents', 'verification', done)).toBe('locked');
    expect(stepState('client-data', 'client-data', NO_SECTIONS)).toBe('current');
  });
});

describe('after a recovery (§4)', () => {
  it('both channels verified: verification counts as done and the visitor moves on', () => {
    expect(
      stepAfterRecovery({
        emailVerified: true,
        phoneVerified: true,
        completedSections: sections({ clientData: true }),
      }),
    ).toEqual({ step: 'documents', sections: sections({ clientData: true, verification: true }) });
    expect(
      stepAfterRecovery({
        emailVerified: true,
        phoneVerified: true,
        completedSections: sections({ clientData: true, verification: true, documents: true }),
      }).step,
    ).toBe('service-details');
  });

  it('a channel still unverified: the codes screen', () => {
    const done = sections({ clientData: true, verification: true });
    expect(stepAfterRecovery({ emailVerified: true, phoneVerified: false, completedSections: done })).toEqual({
      step: 'verification',
      sections: done,
    });
  });
});
