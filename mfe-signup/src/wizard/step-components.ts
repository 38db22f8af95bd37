import { type ComponentType, lazy } from 'react';
import { SIGNUP_STEP_ORDER, type SignupStep } from 'shared-i18n';
import { ClientDataStep } from '../client-data/ClientDataStep';
// The later steps' styles come with the wizard, not with their code: the gateway puts a remote's
// stylesheets in the head of the server-rendered page, and three more files there (each blocking
// the first paint) cost more than the 2 KB they weigh.
import '../documents/Documents.module.css';
import '../review/Review.module.css';
import '../services/Services.module.css';

type LaterStep = Exclude<SignupStep, 'client-data'>;

/**
 * The code of each step after the first, fetched when it is about to be needed: an applicant
 * opening the sign-up needs only the client data form, and the landing decides where they go
 * before any step is shown, so a later step never renders on the server.
 */
const load: Record<LaterStep, () => Promise<{ default: ComponentType }>> = {
  verification: () => import('../verification/VerificationStep').then((m) => ({ default: m.VerificationStep })),
  documents: () => import('../documents/DocumentsStep').then((m) => ({ default: m.DocumentsStep })),
  'service-details': () => import('../services/ServicesStep').then((m) => ({ default: m.ServicesStep })),
  review: () => import('../review/ReviewStep').then((m) => ({ default: m.ReviewStep })),
};

const loaded = (step: LaterStep) => lazy(load[step]);
const components: Record<SignupStep, ComponentType> = {
  'client-data': ClientDataStep,
  verification: loaded('verification'),
  documents: loaded('documents'),
  'service-details': loaded('service-details'),
  review: loaded('review'),
};

/** The component of a step (for a later one, the code is fetched on its first render). */
export const stepComponent = (step: SignupStep): ComponentType => components[step];

/**
 * A step whose code could not be fetched (the connection dropped) is fetched again on its next
 * render: React keeps a lazy component's failure for good, so it gets a fresh one.
 */
export function fetchStepAgain(step: SignupStep): void {
  if (step !== 'client-data') components[step] = loaded(step);
}

/** Fetches the step after `step` ahead of time, so that going on does not wait for it. */
export function prefetchStepAfter(step: SignupStep): void {
  const next = SIGNUP_STEP_ORDER[SIGNUP_STEP_ORDER.indexOf(step) + 1];
  // A failed prefetch costs nothing: the step is fetched again when it is shown.
  if (next && next !== 'client-data') load[next]().catch(() => {});
}
