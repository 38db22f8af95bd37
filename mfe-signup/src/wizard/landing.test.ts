import { readHandoff } from 'shared-api';
import type { SignupStep } from 'shared-i18n';
import { describe, expect, it } from 'vitest';
import { emptyDraft, type RegistrationDraft } from '../session/draft';
import { afterLookUp, afterProductCheck, decideLanding, type LandingInput } from './landing';

const ID = '6f1c1b9e-2d7a-4d0e-9a53-0c3a1f0b2e11';
const PRODUCTOS = JSON.stringify({ productId: '2', productName: 'Trastero M', unitsRequired: 2, volumeRequested: 6.5 });

const sections = (done: Partial<RegistrationDraft['completedSections']>) => ({
  clientData: false,
  verification: false,
  documents: false,
  serviceDetails: false,
  ...done,
});
/** A registration of this device, `done` its completed sections. */
const registration = (done: Partial<RegistrationDraft['completedSections']> = {}): RegistrationDraft => ({
  ...emptyDraft(),
  registrationId: ID,
  fullName: 'Ana García',
  completedSections: sections(done),
});

function input(step: SignupStep | undefined, query: string, known: Partial<LandingInput> = {}): LandingInput {
  const params = new URLSearchParams(query);
  return {
    step,
    params,
    selection: readHandoff(params),
    resetRequested: false,
    pendingRecovery: false,
    savedRegistrationId: null,
    draft: emptyDraft(),
    procesoDraft: null,
    ...known,
  };
}

const withProduct = `productos=${encodeURIComponent(PRODUCTOS)}`;

describe('decideLanding: the entry, without proceso (spec §4)', () => {
  it.each([
    ['a first visit shows the first step', input(undefined, ''), { kind: 'show' }],
    [
      '“start over” forgets this device’s registration',
      input(undefined, '', { resetRequested: true }),
      { kind: 'start-over' },
    ],
    [
      'a registration waiting for its recovery code goes to verification',
      input(undefined, '', { pendingRecovery: true }),
      { kind: 'redirect', to: { step: 'verification', registrationId: null } },
    ],
    [
      'the registration this device was filling in is continued',
      input(undefined, '', { savedRegistrationId: ID }),
      { kind: 'redirect', to: { step: undefined, registrationId: ID, query: new URLSearchParams() } },
    ],
  ])('%s', (_rule, given, decision) => {
    expect(decideLanding(given)).toEqual(decision);
  });

  it('continues the saved registration with the calculator’s new choice', () => {
    const decision = decideLanding(input(undefined, withProduct, { savedRegistrationId: ID }));
    expect(decision).toEqual({
      kind: 'redirect',
      to: { step: undefined, registrationId: ID, query: new URLSearchParams({ productos: PRODUCTOS }) },
    });
  });

  it('keeps the calculator’s choice in the draft for the service step, units capped at three', () => {
    const many = JSON.stringify({ productId: '3', productName: 'Nave', unitsRequired: 5, volumeRequested: 40 });
    const decision = decideLanding(input(undefined, `productos=${encodeURIComponent(many)}&periodo=6`));
    expect(decision).toEqual({
      kind: 'show',
      draft: expect.objectContaining({
        serviceDetails: {
          productId: '3',
          productName: 'Nave',
          period: 'semiannually',
          setupFee: 0,
          recurringFee: 0,
          numberProductsRequired: 3,
          volumeRequested: 40,
        },
      }),
    });
  });

  it('a link from elsewhere with only a productId is a choice too, monthly by default', () => {
    const decision = decideLanding(input(undefined, `productos=${encodeURIComponent('{"productId":204}')}`));
    expect(decision).toMatchObject({
      kind: 'show',
      draft: { serviceDetails: { productId: '204', period: 'monthly' } },
    });
  });
});

describe('decideLanding: a step without proceso', () => {
  it('shows verification while the registration is being created (client data done, no id yet)', () => {
    const creating = { ...emptyDraft(), completedSections: sections({ clientData: true }) };
    expect(decideLanding(input('verification', '', { draft: creating }))).toEqual({ kind: 'show' });
  });

  it('shows verification while a registration is being recovered', () => {
    expect(decideLanding(input('verification', '', { pendingRecovery: true }))).toEqual({ kind: 'show' });
  });

  it.each<SignupStep>(['verification', 'documents', 'service-details', 'review'])(
    'sends %s back to the entry otherwise, keeping the chosen product',
    (step) => {
      expect(decideLanding(input(step, withProduct))).toEqual({
        kind: 'redirect',
        to: { step: undefined, registrationId: null, query: new URLSearchParams({ productos: PRODUCTOS }) },
      });
      expect(decideLanding(input(step, ''))).toEqual({
        kind: 'redirect',
        to: { step: undefined, registrationId: null, query: undefined },
      });
    },
  );
});

describe('decideLanding: with proceso', () => {
  it('asks the server when this device does not know the registration', () => {
    expect(decideLanding(input('documents', `proceso=${ID}`))).toEqual({ kind: 'look-up' });
  });

  it('shows an allowed step, taking the stored record as the draft', () => {
    const known = registration({ clientData: true, verification: true });
    expect(decideLanding(input('documents', `proceso=${ID}`, { procesoDraft: known }))).toEqual({
      kind: 'show',
      draft: known,
      warn: false,
    });
    // Already the wizard's draft: nothing to replace.
    expect(decideLanding(input('documents', `proceso=${ID}`, { procesoDraft: known, draft: known }))).toEqual({
      kind: 'show',
      warn: false,
    });
  });

  it('sends a step not yet allowed to the furthest allowed one, with a warning', () => {
    const known = registration({ clientData: true });
    expect(decideLanding(input('review', `proceso=${ID}`, { procesoDraft: known, draft: known }))).toEqual({
      kind: 'redirect',
      to: { step: 'verification', registrationId: ID },
      warn: true,
    });
  });

  it('sends the entry to the furthest step, and the service step keeps its query (m3, periodo)', () => {
    const known = registration({ clientData: true, verification: true, documents: true });
    const decision = decideLanding(
      input(undefined, `proceso=${ID}&m3=6.5&periodo=3`, { procesoDraft: known, draft: known }),
    );
    expect(decision).toEqual({
      kind: 'redirect',
      to: { step: 'service-details', registrationId: ID, query: new URLSearchParams('m3=6.5&periodo=3') },
      warn: false,
    });
  });

  it('has the server check a product that came with proceso', () => {
    const known = registration({ clientData: true });
    const decision = decideLanding(input('documents', `proceso=${ID}&${withProduct}`, { procesoDraft: known }));
    expect(decision).toEqual({ kind: 'check-product', draft: known, selection: readHandoff(`?${withProduct}`) });
  });
});

describe('afterLookUp', () => {
  it('recovers a registration whose session ran out, starts over when it is gone', () => {
    const entry = { step: undefined, registrationId: null };
    expect(afterLookUp(true)).toEqual({ outcome: 'session-expired', to: entry });
    expect(afterLookUp(false)).toEqual({ outcome: 'not-found', to: entry });
  });

  it('says a finished sign-up is finished, not that its session expired', () => {
    expect(afterLookUp(true, true)).toEqual({ outcome: 'completed', to: { step: undefined, registrationId: null } });
    expect(afterLookUp(false, true).outcome).toBe('not-found');
  });
});

describe('afterProductCheck', () => {
  const params = new URLSearchParams(`proceso=${ID}&${withProduct}&periodo=12`);
  const selection = readHandoff(params);
  if (!selection) throw new Error('the handoff must parse');

  it('puts the product the server set into the draft and continues to the service step', () => {
    const draft = registration({ clientData: true, verification: true, documents: true, serviceDetails: true });
    const checked = afterProductCheck({ draft, selection }, params, {
      success: true,
      productId: '2',
      productName: 'Trastero M (planta baja)',
      numberProductsRequired: 1,
    });
    expect(checked).toEqual({
      outcome: 'selected',
      productName: 'Trastero M (planta baja)',
      draft: {
        ...draft,
        serviceDetails: {
          productId: '2',
          productName: 'Trastero M (planta baja)',
          period: 'annually',
          setupFee: 0,
          recurringFee: 0,
          numberProductsRequired: 1,
          volumeRequested: 6.5,
        },
        // The new product must be priced again.
        completedSections: sections({ clientData: true, verification: true, documents: true }),
      },
      to: { step: 'service-details', registrationId: ID, query: new URLSearchParams('m3=6.5') },
    });
  });

  it('keeps the product for later when the service step is not reached yet', () => {
    const draft = registration({ clientData: true });
    const checked = afterProductCheck({ draft, selection }, params, { success: true });
    expect(checked).toMatchObject({ outcome: 'selected', productName: 'Trastero M', to: { step: 'verification' } });
  });

  it('says why a product was refused and leaves the draft as it was', () => {
    const draft = registration({ clientData: true, verification: true, documents: true });
    const checked = afterProductCheck({ draft, selection }, params, {
      success: false,
      code: 'registration_locked',
      error: 'locked',
    });
    expect(checked).toEqual({
      outcome: 'unavailable',
      code: 'registration_locked',
      error: 'locked',
      to: { step: 'service-details', registrationId: ID, query: new URLSearchParams() },
    });
  });

  it('lands on the furthest step when the check failed', () => {
    const draft = registration({ clientData: true, verification: true });
    expect(afterProductCheck({ draft, selection }, params, null)).toEqual({
      outcome: 'failed',
      to: { step: 'documents', registrationId: ID },
    });
  });
});
