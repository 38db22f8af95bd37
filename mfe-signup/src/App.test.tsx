import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRemote } from 'shared-ui/testing';
import { useToasts } from 'shared-ui/toast';
import { beforeEach, describe, expect, it } from 'vitest';
import App from './App';
import { emptyDraft } from './session/draft';
import { saveSessionRecord } from './session/session-record';
import { useDraft } from './session/store';

describe('signup remote', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    useDraft.getState().replace(emptyDraft());
  });

  it.each([
    ['/es/alta', 'es', 'Registro de Cliente', 'Nombre completo *'],
    ['/en/signup', 'en', 'Client Registration', 'Full name *'],
    // A step without `proceso` goes back to the entry, which is the client data step.
    ['/en/signup/documents', 'en', 'Client Registration', 'Full name *'],
  ] as const)('%s shows the client data form', async (path, lang, title, label) => {
    await renderRemote(App, path, lang);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
    expect(await screen.findByLabelText(label)).toBeInTheDocument();
    expect(
      screen.getByRole('navigation', { name: lang === 'es' ? 'Pasos del alta' : 'Sign-up steps' }),
    ).toBeInTheDocument();
  });

  it('a reload while typing, before the registration exists, keeps what was typed', async () => {
    saveSessionRecord(localStorage, { ...emptyDraft(), fullName: 'Ana López', city: 'Málaga' }, Date.now());
    await renderRemote(App, '/es/alta', 'es');
    expect(await screen.findByLabelText('Nombre completo *')).toHaveValue('Ana López');
    expect(screen.getByLabelText('Ciudad *')).toHaveValue('Málaga');
  });

  it('shows each error as the field is left, in the page language', async () => {
    const user = userEvent.setup();
    await renderRemote(App, '/es/alta', 'es');
    await user.type(await screen.findByLabelText('Número de documento *'), '12345678A');
    await user.tab();
    expect(screen.getByText('DNI no válido')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Número de documento *'));
    await user.type(screen.getByLabelText('Número de documento *'), '1234 5678 Z');
    expect(screen.getByLabelText('Número de documento *')).toHaveValue('12345678Z');
    await waitFor(() => expect(screen.queryByText('DNI no válido')).not.toBeInTheDocument());
  });

  it('Next with empty fields lists the errors and focuses the first one', async () => {
    const user = userEvent.setup();
    await renderRemote(App, '/en/signup', 'en');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Phone is required')).toBeInTheDocument();
    expect(screen.getByText('IBAN is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Full name *')).toHaveFocus();
  });

  it('a locked step refuses with "Access denied"', async () => {
    const user = userEvent.setup();
    await renderRemote(App, '/en/signup', 'en');
    const review = await screen.findByRole('button', { name: /Review/ });
    expect(review).toHaveAttribute('aria-disabled', 'true');
    await user.click(review);
    expect(useToasts.getState().toasts.at(-1)).toMatchObject({
      title: 'Access denied',
      description: 'You must complete the previous sections first',
    });
    expect(screen.getByLabelText('Full name *')).toBeInTheDocument();
  });
});
