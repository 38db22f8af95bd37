import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRemote } from 'shared-ui/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import App from '../App';
import { emptyDraft } from '../session/draft';
import { PENDING_RECOVERY, useDraft } from '../session/store';

const registrationId = '6f1c1b9e-2d7a-4d0e-9a53-0c3a1f0b2e11';
const record = {
  id: registrationId,
  client_type: 'individual',
  full_name: 'Ana García',
  company_name: null,
  document_type: 'dni',
  document_number: '12345678Z',
  cif: null,
  email: 'ana@example.com',
  phone: '+34600123456',
  address: 'Calle Real 1',
  city: 'Ronda',
  postal_code: '29400',
  iban: 'ES9121000418450200051332',
  email_verified: true,
  phone_verified: false,
  client_id: null,
  global_status: 'in_progress',
  metadata: { completedSections: { clientData: true } },
};

/** The functions as another browser meets them: no session until the one-time code is confirmed. */
function serverWithoutSession() {
  const sent: Record<string, unknown>[] = [];
  let session = false;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    sent.push(body);
    const json = (answer: unknown, status = 200) =>
      new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
    switch (body.action) {
      case 'check_registration_exists_by_id':
        return json({ exists: true });
      case 'get_registration_status':
        return json({
          registrationId,
          confirmationRequired: true,
          sentTo: { email: 'an*@example.com', phone: '+34 ••• ••• 456' },
        });
      case 'confirm_recovery':
        if (body.code !== '424242') return json({ error: 'The confirmation code is not correct.' }, 400);
        session = true;
        return json({ registrationId });
      default:
        if (!session) return json({ error: 'Your session has expired.' }, 401);
        if (body.action === 'get_registration_with_documents') return json({ registration: record, documents: [] });
        if (body.action === 'get_registration_code') return json({ registrationCode: 'ABC234' });
        return json({ success: true });
    }
  });
  return sent;
}

describe('recovery on a browser without the session', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    useDraft.getState().replace(emptyDraft());
  });
  afterEach(() => vi.restoreAllMocks());

  it('a shared link asks for the registration code, then for the one-time code sent to the contacts on file', async () => {
    const sent = serverWithoutSession();
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

  it('a call refused for want of the session (401) sends the visitor to recovery, keeping the id', async () => {
    serverWithoutSession();
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
