import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createMockHandlers, type MockResponder } from 'shared-api/msw';
import { renderRemote } from 'shared-ui/testing';
import { useToasts } from 'shared-ui/toast';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import App from '../App';
import { emptyDraft } from '../session/draft';
import { PENDING_RECOVERY, useDraft } from '../session/store';
import { applicantRecord } from '../session/testing';

const registrationId = '6f1c1b9e-2d7a-4d0e-9a53-0c3a1f0b2e11';
const record = applicantRecord(registrationId, { phone_verified: false });

const refuse = (error: string, status: number) => HttpResponse.json({ error }, { status });

/**
 * The functions as another browser meets them (the shared msw handlers: requests and replies
 * are checked against the contract, and a call nobody expected answers 501): no session until
 * the one-time code is confirmed.
 */
const sent: Record<string, unknown>[] = [];
let session = false;
const whileSignedIn =
  (answer: () => unknown): MockResponder =>
  () =>
    session ? answer() : refuse('Your session has expired.', 401);
const recorded =
  (action: string, answer: MockResponder): MockResponder =>
  (request) => {
    sent.push({ action, ...request });
    return answer(request);
  };
const server = setupServer(
  ...createMockHandlers({
    responders: Object.fromEntries(
      Object.entries({
        check_registration_exists_by_id: () => ({ exists: true }),
        get_registration_status: () => ({
          registrationId,
          confirmationRequired: true,
          sentTo: { email: 'an*@example.com', phone: '+34 ••• ••• 456' },
        }),
        confirm_recovery: (request: Record<string, unknown>) => {
          if (request.code !== '424242') return refuse('The confirmation code is not correct.', 400);
          session = true;
          return { registrationId };
        },
        get_registration_with_documents: whileSignedIn(() => ({ registration: record, documents: [] })),
        get_registration_code: whileSignedIn(() => ({ registrationCode: 'ABC234' })),
        get_resend_cooldown: whileSignedIn(() => ({ email: 0, sms: 0 })),
      } satisfies Record<string, MockResponder>).map(([action, answer]) => [
        `registration-handler:${action}`,
        recorded(action, answer),
      ]),
    ),
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('recovery on a browser without the session', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    useDraft.getState().replace(emptyDraft());
  });
  afterEach(() => {
    server.resetHandlers();
    sent.length = 0;
    session = false;
  });

  it('a shared link asks for the registration code, then for the one-time code sent to the contacts on file', async () => {
    const user = userEvent.setup();
    await renderRemote(App, `/en/signup/documents?proceso=${registrationId}`, 'en');
    expect(
      await screen.findByText('Your session has expired. Please enter the recovery code to continue.'),
    ).toBeTruthy();
    await user.type(screen.getByLabelText('Registration code'), 'abc234');
    await user.click(screen.getByRole('button', { name: 'Recover' }));
    expect(await screen.findByRole('heading', { name: 'Confirm it is you' })).toBeTruthy();
    expect(screen.getByText(/an\*@example\.com and by SMS to \+34 ••• ••• 456/)).toBeTruthy();
    // Nothing of the registration was read with the recovery code alone.
    expect(sent.some((b) => b.action === 'get_registration_with_documents')).toBe(false);

    await user.type(screen.getByLabelText('Confirmation code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findAllByText('The confirmation code is not correct.')).length).toBeGreaterThan(0);
    await user.type(screen.getByLabelText('Confirmation code'), '424242');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { name: 'Verification' })).toBeTruthy();
    expect(useDraft.getState().draft).toMatchObject({ registrationId, fullName: 'Ana García' });
    expect(sent).toContainEqual({ action: 'confirm_recovery', registrationId, recoveryCode: 'ABC234', code: '424242' });
  });

  it("a finished sign-up's link, opened again, says it is complete (not that a session expired)", async () => {
    server.use(
      ...createMockHandlers({
        responders: {
          'registration-handler:check_registration_exists_by_id': () => ({ exists: true, completed: true }),
        },
      }),
    );
    await renderRemote(App, `/es/alta/revision?proceso=${registrationId}`, 'es');
    expect(await screen.findByText(/Esta alta ya está completada: no hay nada pendiente/)).toBeTruthy();
    expect(screen.queryByText(/Tu sesión ha caducado/)).toBeNull();
    expect(useToasts.getState().toasts.at(-1)).toMatchObject({ title: 'Esta alta está completada' });
    expect(screen.queryByText(/caducad/)).toBeNull();
  });

  it('a call refused for want of the session (401) sends the visitor to recovery, keeping the id', async () => {
    useDraft.getState().replace({
      ...emptyDraft(),
      registrationId,
      fullName: 'Ana García',
      email: 'ana@example.com',
      phone: '+34600123456',
      completedSections: { clientData: true, verification: false, documents: false, serviceDetails: false },
    });
    await renderRemote(App, `/en/signup/verification?proceso=${registrationId}`, 'en');
    expect(await screen.findByLabelText('Registration code')).toBeTruthy();
    expect(sessionStorage.getItem(PENDING_RECOVERY)).toBe(registrationId);
    expect(useDraft.getState().draft.registrationId).toBeFalsy();
  });
});
