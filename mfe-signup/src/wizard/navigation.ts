import { type Language, pathFor, type SignupStep } from 'shared-i18n';
import type { ServiceDetails } from '../session/draft';

/** The URL of a step, with `proceso` once the registration has an id. */
export function stepUrl(
  language: Language,
  step: SignupStep | undefined,
  registrationId: string | null,
  extra?: URLSearchParams,
) {
  const params = new URLSearchParams(extra);
  if (registrationId) params.set('proceso', registrationId);
  const query = params.toString();
  return `${pathFor('signup', language, step)}${query ? `?${query}` : ''}`;
}

const PERIOD_OF_MONTHS = { '1': 'monthly', '3': 'quarterly', '6': 'semiannually', '12': 'annually' } as const;

/** `periodo` (1, 3, 6 or 12 months) as a period, or null. */
export function periodFromParam(value: string | null) {
  return value && Object.hasOwn(PERIOD_OF_MONTHS, value)
    ? PERIOD_OF_MONTHS[value as keyof typeof PERIOD_OF_MONTHS]
    : null;
}

/** The calculator's units and volume as the draft keeps them (units above three cannot be rented online). */
export function unitsOf(selection: { unitsRequired?: number; volumeRequested?: number }) {
  return {
    ...(selection.unitsRequired ? { numberProductsRequired: Math.min(selection.unitsRequired, 3) } : {}),
    ...(selection.volumeRequested ? { volumeRequested: selection.volumeRequested } : {}),
  };
}

/**
 * The service step's query: the volume the calculator measured filters the catalogue (`m3`),
 * so each product comes with the units that volume needs, whichever way the visitor got there.
 */
export function serviceStepQuery(draft: { serviceDetails: ServiceDetails | null }) {
  const volume = draft.serviceDetails?.volumeRequested;
  return new URLSearchParams(volume ? { m3: String(volume) } : {});
}
