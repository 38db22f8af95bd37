import { act, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { initI18n, type SessionKind } from 'shared-i18n';
import { earlyClickCapture } from 'shared-ui/early-click';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import App from '../App';
import { MANAGER, quietToday } from '../testing/fixtures';
import { mockBackoffice } from '../testing/mock-backoffice';
import { useStaffSession } from './store';

const backoffice = mockBackoffice();
const captures: EventListenerOrEventListenerObject[] = [];

beforeAll(async () => {
  backoffice.server.listen({ onUnhandledRequest: 'error' });
  await initI18n('es');
});
afterAll(() => backoffice.server.close());
beforeEach(() => {
  useStaffSession.setState({ status: 'unknown', staff: null, expired: false });
  backoffice.reset();
  backoffice.on('today', quietToday);
});
afterEach(() => {
  backoffice.server.resetHandlers();
  for (const listener of captures.splice(0)) document.removeEventListener('click', listener, true);
  delete window.__claimEarlyClick;
  document.body.innerHTML = '';
});

// In StrictMode, as the shell renders it (effects run twice in development).
const page = (signedOut?: readonly SessionKind[], path = '/gestion') => (
  <StrictMode>
    <MemoryRouter initialEntries={[path]}>
      <App language="es" signedOut={signedOut} />
    </MemoryRouter>
  </StrictMode>
);

/** The page as the gateway sends it, with the head's capture listening. */
function serverPage(signedOut?: readonly SessionKind[], path?: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(page(signedOut, path));
  document.body.append(container);
  const listen = vi.spyOn(document, 'addEventListener');
  new Function(earlyClickCapture('Un momento.'))();
  for (const [, listener] of listen.mock.calls) if (listener) captures.push(listener);
  listen.mockRestore();
  return container;
}

/**
 * A request without a staff session (the gateway found no hint cookie) gets the login rendered
 * on the server: it paints with the page, instead of "checking" until the scripts have asked.
 */
describe('the back-office login rendered on the server', () => {
  it('is the login for a request surely signed out, "checking" otherwise', () => {
    expect(serverPage(['staff']).querySelector('h1')?.textContent).toBe('Entrar en la gestión');
    document.body.innerHTML = '';
    const unknown = serverPage();
    expect(unknown.querySelector('h1')).toBeNull();
    expect(unknown.textContent).toContain('Comprobando la sesión…');
  });

  it('keeps what was typed and the tap on Entrar before the scripts, and signs in once they run', async () => {
    // The server's "who is this?" answers after the sign-in: that late "nobody" must not undo it.
    let answerMe: (() => void) | undefined;
    backoffice.on('me', () => new Promise((resolve) => (answerMe = () => resolve({ staff: null }))));
    backoffice.on('login', () => ({ staff: MANAGER }));
    const container = serverPage(['staff']);
    const email = container.querySelector('input[type=email]') as HTMLInputElement;
    const password = container.querySelector('input[type=password]') as HTMLInputElement;
    email.value = 'gerencia@example.com';
    password.value = 'bien-bien-1';
    password.focus();
    const submit = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Entrar');
    const sent = vi.fn();
    container.querySelector('form')?.addEventListener('submit', sent);
    submit?.click();
    // Not sent natively (a reload that would lose it all): kept.
    expect(sent).not.toHaveBeenCalled();
    expect(submit?.getAttribute('aria-busy')).toBe('true');

    render(page(['staff']), { container, hydrate: true });
    // The member typing keeps their place.
    expect(document.activeElement).toBe(password);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hoy' })).toBeInTheDocument();
    expect(backoffice.calls('login')).toEqual([
      expect.objectContaining({ email: 'gerencia@example.com', password: 'bien-bien-1' }),
    ]);
    await waitFor(() => expect(answerMe).toBeDefined());
    await act(async () => answerMe?.());
    expect(useStaffSession.getState().status).toBe('signed-in');
    expect(screen.getByRole('heading', { level: 1, name: 'Hoy' })).toBeInTheDocument();
  });

  it('shows the back-office after all when the server says this browser is signed in (another tab)', async () => {
    backoffice.on('me', () => ({ staff: MANAGER }));
    const container = serverPage(['staff']);
    expect(container.querySelector('h1')?.textContent).toBe('Entrar en la gestión');
    render(page(['staff']), { container, hydrate: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hoy' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Entrar en la gestión' })).toBeNull();
  });

  it('keeps the e-mail typed into the server\'s "forgot password" and its tap on Send before the scripts', async () => {
    backoffice.on('me', () => ({ staff: null }));
    backoffice.on('request_password_reset', () => ({ success: true }));
    const container = serverPage(['staff'], '/gestion?olvido=1');
    const email = container.querySelector('input[type=email]') as HTMLInputElement;
    email.value = 'gerencia@example.com';
    const send = container.querySelector('button[type=submit]') as HTMLButtonElement;
    const sent = vi.fn();
    container.querySelector('form')?.addEventListener('submit', sent);
    send.click();
    expect(sent).not.toHaveBeenCalled();
    render(page(['staff'], '/gestion?olvido=1'), { container, hydrate: true });
    expect(await screen.findByRole('status')).toHaveTextContent('gerencia@example.com');
    expect(backoffice.calls('request_password_reset')).toEqual([
      expect.objectContaining({ email: 'gerencia@example.com' }),
    ]);
  });
});
