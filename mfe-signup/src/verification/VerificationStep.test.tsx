import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { createMockHandlers, type MockResponder } from 'shared-api/msw';
import { STORED_TEST_APPLICANT } from 'shared-api/testing';
import { renderRemote } from 'shared-ui/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import App from '../App';
import { emptyDraft } from '../session/draft';
import { useDraft } from '../session/store';
import { applicantRecord } from '../session/testing';

const registrationId = '6f1c1b9e-2d7a-4d0e-9a53-0c3a1f0b2e11';
const CODES = { email: '111111', sms: '222222' };

/** The functions as a small server with state: the registration, its two flags, what was asked. */
const state = { exists: false, emailVerified: false, phoneVerified: false, calls: [] as Record<string, unknown>[] };
const record = () =>
  applicantRecord(registrationId, { email_verified: state.emailVerified, phone_verified: state.phoneVerified });
const actions: Record<string, MockResponder> = {
  check_existing: () => ({ exists: state.exists }),
  create_registration: () => ({ registrationId }),
  get_registration_code: () => ({ registrationCode: 'ABC234' }),
  get_resend_cooldown: () => ({ email: 0, sms: 0 }),
  get_registration_with_documents: () => ({ registration: record(), documents: [] }),
  update_registration: () => ({ success: true }),
  verify_tokens: ({ emailToken, smsToken }) => {
    if (emailToken === CODES.email) state.emailVerified = true;
    if (smsToken === CODES.sms) state.phoneVerified = true;
    return { verified: state.emailVerified && state.phoneVerified };
  },
};
const server = setupServer(
  ...createMockHandlers({
    responders: Object.fromEntries(
      Object.entries(actions).map(([action, answer]) => [
        `registration-handler:${action}`,
        (request: Record<string, unknown>) => {
          state.calls.push({ action, ...request });
          return answer(request);
        },
      ]),
    ),
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  Object.assign(state, { exists: false, emailVerified: false, phoneVerified: false, calls: [] });
  // Client data done, no registration yet: the verification step creates it.
  useDraft.getState().replace({
    ...emptyDraft(),
    ...STORED_TEST_APPLICANT,
    completedSections: { clientData: true, verification: false, documents: false, serviceDetails: false },
  });
});
afterEach(() => server.resetHandlers());

const openVerification = () => renderRemote(App, '/es/alta/verificacion', 'es');
const calls = (action: string) => state.calls.filter((call) => call.action === action);

describe('the verification step', () => {
  it('creates the registration once, then asks for the two codes sent to the contacts', async () => {
    const view = await openVerification();
    const emailCode = await screen.findByLabelText('Código del email');
    // The address gains the new registration's `proceso`; the codes screen the visitor may be
    // typing into stays the same one (it used to be unmounted and mounted again).
    await waitFor(() => expect(view.location()).toContain(`proceso=${registrationId}`));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByLabelText('Código del email')).toBe(emailCode);
    expect(screen.getByText(/Hemos enviado un código de 6 dígitos a ana@example\.com/)).toBeInTheDocument();
    expect(calls('check_existing')).toEqual([
      { action: 'check_existing', email: STORED_TEST_APPLICANT.email, phone: STORED_TEST_APPLICANT.phone },
    ]);
    expect(calls('create_registration')).toHaveLength(1);
    expect(calls('create_registration')[0]).toMatchObject({ fullName: 'Ana García', iban: STORED_TEST_APPLICANT.iban });
    expect(useDraft.getState().draft.registrationId).toBe(registrationId);
    // Continue waits for at least one verified contact.
    expect(screen.getByRole('button', { name: 'Continuar' })).toBeDisabled();
  });

  it('says which code was wrong, and completes once both are right', async () => {
    // The registration exists already (created, then reloaded): the codes screen at once, with
    // no creation and no navigation under the typing.
    useDraft.getState().update({
      registrationId,
      previousEmail: STORED_TEST_APPLICANT.email,
      previousPhone: STORED_TEST_APPLICANT.phone,
    });
    const user = userEvent.setup();
    await renderRemote(App, `/es/alta/verificacion?proceso=${registrationId}`, 'es');
    await user.type(await screen.findByLabelText('Código del email'), '999999');
    await user.type(screen.getByLabelText('Código del SMS'), CODES.sms);
    await user.click(screen.getByRole('button', { name: 'Verificar ambos' }));
    expect(
      await screen.findByText('El código de verificación del email es incorrecto.', { selector: 'p' }),
    ).toBeTruthy();
    expect(useDraft.getState().draft).toMatchObject({ emailVerified: false, phoneVerified: true });
    // One contact verified is enough to go on.
    expect(screen.getByRole('button', { name: 'Continuar' })).toBeEnabled();

    await user.clear(screen.getByLabelText('Código del email'));
    await user.type(screen.getByLabelText('Código del email'), CODES.email);
    await user.click(screen.getByRole('button', { name: 'Verificar email' }));
    expect(
      await screen.findByText('Verificación completada', { exact: false }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(useDraft.getState().draft.completedSections.verification).toBe(true));
    expect(calls('update_registration').at(-1)).toMatchObject({ emailVerified: true, phoneVerified: true });
  });

  it('opens the recovery screen instead of creating a second registration for the same contacts', async () => {
    state.exists = true;
    await openVerification();
    expect(await screen.findByText('Ya tienes un registro en curso')).toBeInTheDocument();
    expect(calls('create_registration')).toEqual([]);
  });
});
