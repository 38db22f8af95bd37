import type { ActionResponse, ReceivedHandoff } from 'shared-api';
import type { SignupStep } from 'shared-i18n';
import type { RegistrationDraft, ServiceDetails } from '../session/draft';
import { periodFromParam, serviceStepQuery, unitsOf } from './navigation';
import { canAccess, landingStep } from './steps';

/*
 * Where a visitor lands on the sign-up (spec §4), as decisions apart from React, storage and
 * the network: the wizard reads the inputs, asks the server when a decision says so, and
 * carries out what comes back. Each rule is a row of the tests' decision table.
 */

type CheckAndSetProductResponse = ActionResponse<'registration-handler', 'check_and_set_product'>;

/** What the wizard knows when a sign-up URL opens. */
export interface LandingInput {
  /** The step in the path; undefined at the entry. */
  step: SignupStep | undefined;
  /** The URL's query (`proceso`, `productos`, `periodo`). */
  params: URLSearchParams;
  /** `productos`, read by the one handoff parser. */
  selection: ReceivedHandoff | null;
  /** The visitor asked to start over (the session flag). */
  resetRequested: boolean;
  /** A registration whose session ran out waits for its recovery code (the session flag). */
  pendingRecovery: boolean;
  /** The registration this device was last filling in, if its record is still fresh. */
  savedRegistrationId: string | null;
  /** The wizard's draft now. */
  draft: RegistrationDraft;
  /** The draft of `proceso` on this device (the current one or its stored record), if any. */
  procesoDraft: RegistrationDraft | null;
}

export type Redirect = { step: SignupStep | undefined; registrationId: string | null; query?: URLSearchParams };

/** The recovery screen of a registration whose session ran out: the verification step, without `proceso`. */
export const RECOVERY: Redirect = { step: 'verification', registrationId: null };

export type LandingDecision =
  /** Forget this device's registration and show the first step. */
  | { kind: 'start-over' }
  /** Show the requested step; `draft` replaces the wizard's first when given. */
  | { kind: 'show'; draft?: RegistrationDraft; warn?: boolean }
  | { kind: 'redirect'; to: Redirect; draft?: RegistrationDraft; warn?: boolean }
  /** `proceso` is not on this device: ask the server whether it exists. */
  | { kind: 'look-up' }
  /** A product came with `proceso`: the server checks it and sets it on the registration. */
  | { kind: 'check-product'; draft: RegistrationDraft; selection: ReceivedHandoff };

const entryQuery = (params: URLSearchParams, selection: ReceivedHandoff | null) =>
  selection ? new URLSearchParams({ productos: params.get('productos') ?? '' }) : undefined;

/** The calculator's choice as the draft keeps it, before the service step prices it. */
function chosenService(
  selection: ReceivedHandoff,
  params: URLSearchParams,
  productName: string,
  overrides: { productId?: string; unitsRequired?: number } = {},
): ServiceDetails {
  return {
    productId: overrides.productId ?? selection.productId,
    productName,
    period: periodFromParam(params.get('periodo')) ?? 'monthly',
    setupFee: 0,
    recurringFee: 0,
    ...unitsOf({ ...selection, unitsRequired: overrides.unitsRequired ?? selection.unitsRequired }),
  };
}

export function decideLanding(input: LandingInput): LandingDecision {
  const { step, params, selection, draft } = input;
  const proceso = params.get('proceso');

  if (!proceso) {
    if (step === undefined) {
      if (input.resetRequested) return { kind: 'start-over' };
      if (input.pendingRecovery) return { kind: 'redirect', to: RECOVERY };
      if (input.savedRegistrationId) {
        // Back on this device: continue the registration it was filling in, with the new choice.
        const query = new URLSearchParams();
        if (selection) query.set('productos', params.get('productos') ?? '');
        return { kind: 'redirect', to: { step: undefined, registrationId: input.savedRegistrationId, query } };
      }
      // No registration yet: a choice waits in the draft for the service step.
      if (selection) {
        return {
          kind: 'show',
          draft: { ...draft, serviceDetails: chosenService(selection, params, selection.productName ?? '') },
        };
      }
      return { kind: 'show' };
    }
    // A step without `proceso` exists only while the registration is being created or recovered.
    const creating = step === 'verification' && !draft.registrationId && draft.completedSections.clientData;
    if (creating || (step === 'verification' && input.pendingRecovery)) return { kind: 'show' };
    return { kind: 'redirect', to: { step: undefined, registrationId: null, query: entryQuery(params, selection) } };
  }

  const known = input.procesoDraft;
  if (!known) return { kind: 'look-up' };
  const adopted = known === draft ? undefined : known;
  if (selection) return { kind: 'check-product', draft: known, selection };

  const landed = landingStep(step, known.completedSections);
  if (!landed.redirected) return { kind: 'show', ...(adopted ? { draft: adopted } : {}), warn: landed.warn };
  const query = new URLSearchParams(params);
  query.delete('proceso');
  return {
    kind: 'redirect',
    to: {
      step: landed.step,
      registrationId: proceso,
      ...(landed.step === 'service-details' ? { query } : {}),
    },
    ...(adopted ? { draft: adopted } : {}),
    warn: landed.warn,
  };
}

/**
 * After the look-up: the session ran out (the id is kept and the entry sends the visitor on to
 * the recovery screen, spec §8), the sign-up is finished (the same way back, said as what it is),
 * or the registration is gone (start over at the entry).
 */
export function afterLookUp(
  exists: boolean,
  completed = false,
): { outcome: 'session-expired' | 'completed' | 'not-found'; to: Redirect } {
  const outcome = !exists ? 'not-found' : completed ? 'completed' : 'session-expired';
  return { outcome, to: { step: undefined, registrationId: null } };
}

export type ProductOutcome =
  | { outcome: 'failed'; to: Redirect }
  | { outcome: 'selected'; productName: string; draft: RegistrationDraft; to: Redirect }
  | { outcome: 'unavailable'; code: CheckAndSetProductResponse['code']; error: string | undefined; to: Redirect };

/**
 * After the server checked the product that came with `proceso` (null: the call failed): the
 * chosen product goes into the draft and the visitor continues to the service step if allowed.
 */
export function afterProductCheck(
  { draft, selection }: { draft: RegistrationDraft; selection: ReceivedHandoff },
  params: URLSearchParams,
  result: CheckAndSetProductResponse | null,
): ProductOutcome {
  const proceso = params.get('proceso');
  if (!result) {
    return {
      outcome: 'failed',
      to: { step: landingStep(undefined, draft.completedSections).step, registrationId: proceso },
    };
  }
  const land = (landed: RegistrationDraft, allowed: boolean): Redirect => {
    const target = allowed && canAccess('service-details', landed.completedSections) ? 'service-details' : undefined;
    const step = landingStep(target, landed.completedSections).step;
    return {
      step,
      registrationId: proceso,
      ...(step === 'service-details' ? { query: serviceStepQuery(landed) } : {}),
    };
  };
  if (!result.success)
    return { outcome: 'unavailable', code: result.code, error: result.error, to: land(draft, false) };
  const productName = result.productName ?? selection.productName ?? '';
  const chosen: RegistrationDraft = {
    ...draft,
    serviceDetails: chosenService(selection, params, productName, {
      ...(result.productId ? { productId: result.productId } : {}),
      ...(result.numberProductsRequired ? { unitsRequired: result.numberProductsRequired } : {}),
    }),
    completedSections: { ...draft.completedSections, serviceDetails: false },
  };
  return { outcome: 'selected', productName, draft: chosen, to: land(chosen, true) };
}
