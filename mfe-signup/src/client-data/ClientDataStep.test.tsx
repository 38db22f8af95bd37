import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { createMockHandlers, type MockResponder } from 'shared-api/msw';
import { STORED_TEST_APPLICANT } from 'shared-api/testing';
import { renderRemote } from 'shared-ui/testing';
import { useToasts } from 'shared-ui/toast';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import App from '../App';
import { emptyDraft } from '../session/draft';
import { useDraft } from '../session/store';

const registrationId = '6f1c1b9e-2d7a-4d0e-9a53-0c3a1f0b2e11';

/** What reached the functions, action first; each reply is checked against the contract. */
const sent: Record<string, unknown>[] = [];
const recorded =
  (action: string, answer: unknown): MockResponder =>
  (request) => {
    sent.push({ action, ...request });
    return answer;
  };
const server = setupServer(
  ...createMockHandlers({
    responders: {
      'registration-handler:get_registration_code': recorded('get_registration_code', { registrationCode: 'ABC234' }),
      'registration-handler:update_field': recorded('update_field', { success: true }),
      'registration-handler:update_registration': recorded('update_registration', { success: true }),
    },
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('client data with a registration', () => {
  beforeEach(() => {
    sent.length = 0;
    useDraft.getState().replace({
      ...emptyDraft(),
      registrationId,
      ...STORED_TEST_APPLICANT,
      emailVerified: true,
      phoneVerified: true,
      previousEmail: 'ana@example.com',
      previousPhone: '+34600123456',
      completedSections: { clientData: true, verification: true, documents: false, serviceDetails: false },
    });
  });

  it('sends each changed field with update_field, the phone with its plus', async () => {
    const user = userEvent.setup();
    await renderRemote(App, `/en/signup/client?proceso=${registrationId}`, 'en');
    await user.clear(await screen.findByLabelText('City *'));
    await user.type(screen.getByLabelText('City *'), 'Málaga');
    await user.tab();
    await user.clear(screen.getByLabelText('Phone *'));
    // Cleared, the field shows +34 again; the visitor types the rest.
    await user.type(screen.getByLabelText('Phone *'), '611 222 333');
    await user.tab();
    expect(sent).toContainEqual({ action: 'update_field', registrationId, field: 'city', value: 'Málaga' });
    expect(sent).toContainEqual({ action: 'update_field', registrationId, field: 'phone', value: '+34611222333' });
    // Fields only passed through are not sent again.
    expect(sent.filter((b) => (b as { field?: string }).field === 'postal_code')).toEqual([]);
  });

  it('a changed verified e-mail must be verified again; verification stays complete through the phone', async () => {
    const user = userEvent.setup();
    await renderRemote(App, `/en/signup/client?proceso=${registrationId}`, 'en');
    await user.clear(await screen.findByLabelText('Email *'));
    await user.type(screen.getByLabelText('Email *'), 'ana.new@example.com');
    await user.tab();
    expect(useToasts.getState().toasts.at(-1)).toMatchObject({ title: 'Email changed' });
    expect(useDraft.getState().draft).toMatchObject({
      emailVerified: false,
      phoneVerified: true,
      completedSections: { verification: true },
    });
    await user.clear(screen.getByLabelText('Phone *'));
    await user.type(screen.getByLabelText('Phone *'), '611 000 000');
    await user.tab();
    expect(useToasts.getState().toasts.at(-1)).toMatchObject({ title: 'Phone changed' });
    expect(useDraft.getState().draft).toMatchObject({
      phoneVerified: false,
      completedSections: { verification: false },
    });
    // Both unverified: Next goes to the verification step.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(sent.at(-1)).toMatchObject({ action: 'update_registration', email: 'ana.new@example.com' });
  });
});

describe('client data errors', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    useDraft.getState().replace({
      ...emptyDraft(),
      ...STORED_TEST_APPLICANT,
    });
  });

  it('leaving a bad field for Next moves nothing before the click lands; the summary counts in the singular', async () => {
    const user = userEvent.setup();
    await renderRemote(App, '/es/alta', 'es');
    const email = await screen.findByLabelText('Email *');
    await user.clear(email);
    await user.type(email, 'ana@');
    const next = screen.getByRole('button', { name: 'Siguiente' });
    // Mouse down on Next: the field loses focus, but no summary or error is inserted above the button.
    await user.pointer({ keys: '[MouseLeft>]', target: next });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Introduce un email válido.')).not.toBeInTheDocument();
    await user.pointer({ keys: '[/MouseLeft]', target: next });
    expect(await screen.findByRole('alert')).toHaveTextContent('Revisa los datos Hay 1 campo con errores.');
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  it('leaving a bad field for another field shows its error there, without the summary', async () => {
    const user = userEvent.setup();
    await renderRemote(App, '/es/alta', 'es');
    const email = await screen.findByLabelText('Email *');
    await user.clear(email);
    await user.type(email, 'ana@');
    await user.tab();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('typing a whole number over the prefilled +34 keeps one prefix', async () => {
    const user = userEvent.setup();
    await renderRemote(App, '/es/alta', 'es');
    const phone = await screen.findByLabelText('Teléfono *');
    await user.clear(phone);
    expect(phone).toHaveValue('+34');
    await user.type(phone, '+34 611 222 333');
    expect(phone).toHaveValue('+34611222333');
  });
});
