import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import type { DoorUser } from 'shared-api';
import { renderRemote } from 'shared-ui/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import App from './App';
import { useLockout } from './keypad/lockout-store';
import { useDoorLanguage } from './language/store';
import { useSession } from './session/store';
import { mockAbridor } from './testing/mock-abridor';

const abridor = mockAbridor();
const ADMIN: DoorUser = { id: '1', usuario: 'admin', box: null, isAdmin: true, language: 'es' };
const ANA: DoorUser = { id: '2', usuario: 'ana', box: 'B-7', isAdmin: false, language: 'es' };

beforeAll(() => abridor.server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => abridor.server.close());
beforeEach(() => {
  localStorage.clear();
  useSession.setState({ token: null, user: null, verified: false, restored: false });
  useDoorLanguage.setState({ language: 'es' });
  // Its countdown runs outside the store: a lockout another file left running is stopped.
  useLockout.getState().reset();
});
afterEach(() => {
  abridor.reset();
  vi.useRealTimers();
});

/** A session this tab already trusts (signed in here), on the keypad. */
async function keypadAs(user: DoorUser) {
  useSession.setState({ token: 't', user, verified: true, restored: true });
  abridor.state.responders.validate_token = () => ({ valid: true, user });
  await renderRemote(App, '/abridor', 'es');
  return screen.getByRole('button', { name: 'Entrada' });
}

function press(keys: string) {
  for (const key of keys) fireEvent.click(screen.getByRole('button', { name: key }));
}

/** Not operable: disabled, or aria-disabled (which keeps the focus where it was). */
function isInert(element: HTMLElement): boolean {
  return (element as HTMLButtonElement).disabled || element.getAttribute('aria-disabled') === 'true';
}
const keypadButtons = () =>
  ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', 'Borrar todo', 'Borrar último dígito', 'Entrada', 'Salida'].map(
    (name) => screen.getByRole('button', { name }),
  );

describe('door remote', () => {
  it('is Spanish by default whatever the page language', async () => {
    await renderRemote(App, '/abridor', 'en');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Control de Acceso');
    expect(await screen.findByLabelText('Usuario')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('lang', 'es');
  });

  it('a password someone else chose is replaced by the user’s own before the keypad shows', async () => {
    const NEW: DoorUser = { ...ANA, mustChangePassword: true };
    useSession.setState({ token: 't', user: NEW, verified: true, restored: true });
    abridor.state.responders.validate_token = () => ({ valid: true, user: NEW });
    const sent: Record<string, unknown>[] = [];
    abridor.state.responders.change_password = (body: Record<string, unknown>) => {
      sent.push(body);
      return body.contraseñaActual === 'del-admin-1'
        ? { success: true, user: { ...ANA, mustChangePassword: false } }
        : HttpResponse.json({ error: 'La contraseña actual no es correcta' }, { status: 400 });
    };
    await renderRemote(App, '/abridor', 'es');
    expect(await screen.findByRole('heading', { name: 'Elija su contraseña' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Entrada' })).toBeNull();
    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    type('Contraseña actual', 'otra');
    type('Contraseña nueva', 'corta');
    type('Repita la contraseña nueva', 'corta');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar mi contraseña' }));
    expect(await screen.findByText('La contraseña debe tener al menos 12 caracteres')).toBeInTheDocument();
    type('Contraseña nueva', 'mi-clave-propia-2026');
    type('Repita la contraseña nueva', 'mi-clave-propia-2026');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar mi contraseña' }));
    expect(await screen.findByText('La contraseña actual no es correcta')).toBeInTheDocument();
    type('Contraseña actual', 'del-admin-1');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar mi contraseña' }));
    expect(await screen.findByRole('button', { name: 'Entrada' })).toBeInTheDocument();
    expect(screen.getByText('Contraseña guardada. Ya puede abrir la puerta.')).toBeInTheDocument();
    expect(sent.at(-1)).toMatchObject({ contraseñaActual: 'del-admin-1', contraseñaNueva: 'mi-clave-propia-2026' });
  });

  it('has the magic-link page', async () => {
    await renderRemote(App, '/abridor-login?token=abc', 'es');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Acceso con enlace');
  });

  it('has exactly one main landmark on every screen (the shell gives the door no <main>)', async () => {
    const login = await renderRemote(App, '/abridor', 'es');
    expect(screen.getAllByRole('main')).toHaveLength(1);
    login.unmount();
    const magic = await renderRemote(App, '/abridor-login', 'es');
    expect(screen.getAllByRole('main')).toHaveLength(1);
    magic.unmount();
    await keypadAs(ANA);
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('puts the focus in the user field of the login', async () => {
    await renderRemote(App, '/abridor', 'es');
    await waitFor(() => expect(screen.getByLabelText('Usuario')).toHaveFocus());
  });
});

describe('start-up with a stored session', () => {
  it('renders what the server rendered first (it cannot read the storage), then reads the stored session', async () => {
    localStorage.setItem('abridor_token', 'stored');
    localStorage.setItem('abridor_user', JSON.stringify(ANA));
    const release = abridor.hold('validate_token');
    abridor.state.responders.validate_token = () => ({ valid: true, user: ANA });
    const tokens: (string | null)[] = [];
    const stop = useSession.subscribe((state) => tokens.push(state.token));
    await renderRemote(App, '/abridor', 'es');
    expect(screen.getByRole('status')).toHaveTextContent('Comprobando la sesión…');
    expect(screen.queryByLabelText('Usuario')).toBeNull();
    release();
    expect(await screen.findByText('ana · Box B-7')).toBeVisible();
    // Read once, after the first render: the first state the page had was the server's (none).
    expect(tokens[0]).toBe('stored');
    stop();
  });

  it('shows a neutral loading state, not the stored user, until the server answered', async () => {
    useSession.setState({ token: 'old', user: ADMIN, verified: false, restored: true });
    const release = abridor.hold('validate_token');
    abridor.state.responders.validate_token = () => ({ valid: false, user: null });
    await renderRemote(App, '/abridor', 'es');
    expect(screen.getByRole('status')).toHaveTextContent('Comprobando la sesión…');
    expect(screen.queryByRole('button', { name: 'Gestionar Usuarios' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Entrada' })).toBeNull();
    release();
    await waitFor(() => expect(screen.getByLabelText('Usuario')).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Gestionar Usuarios' })).toBeNull();
    expect(localStorage.getItem('abridor_token')).toBeNull();
  });

  it('shows the user the server confirmed', async () => {
    useSession.setState({ token: 'old', user: ADMIN, verified: false, restored: true });
    abridor.state.responders.validate_token = () => ({ valid: true, user: ANA });
    await renderRemote(App, '/abridor', 'es');
    expect(await screen.findByText('ana · Box B-7')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Gestionar Usuarios' })).toBeNull();
  });
});

describe('Salir', () => {
  it('leaves nothing of the signed-out user to the next one: he starts on the keypad', async () => {
    Object.assign(abridor.state.responders, {
      list_users: () => ({ users: [ADMIN, ANA].map((user) => ({ ...user, registrationCode: null })) }),
      list_audit: () => ({ entries: [], hasMore: false }),
      logout: () => ({ success: true }),
      login: () => ({ token: 't2', user: ANA }),
    });
    await keypadAs(ADMIN);
    fireEvent.click(screen.getByRole('button', { name: 'Gestionar Usuarios' }));
    await screen.findByRole('form', { name: 'Añadir usuario' });
    fireEvent.click(screen.getByRole('button', { name: 'Salir' }));
    await screen.findByRole('button', { name: 'Entrar' });
    fireEvent.change(screen.getByLabelText('Usuario'), { target: { value: 'ana' } });
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('button', { name: 'Entrada' })).toBeVisible();
  });
});

describe('keypad', () => {
  it('announces every result in a live region that was there before the result', async () => {
    abridor.state.responders.door_action = () => ({ success: false, error: 'PIN inválido', attemptsLeft: 2 });
    await keypadAs(ANA);
    const region = screen.getByTestId('door-result');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveTextContent('');
    press('1234');
    fireEvent.click(screen.getByRole('button', { name: 'Entrada' }));
    await waitFor(() => expect(region).toHaveTextContent('PIN incorrecto. Intentos restantes: 2'));
    expect(screen.getByTestId('door-result')).toBe(region);
  });

  it('says in Spanish that the action failed when the server fails, never the transport’s English', async () => {
    abridor.state.responders.door_action = () => HttpResponse.json({ error: 'Internal Server Error' }, { status: 500 });
    await keypadAs(ANA);
    press('1234');
    fireEvent.click(screen.getByRole('button', { name: 'Entrada' }));
    await waitFor(() => expect(screen.getByTestId('door-result')).toHaveTextContent('Error al procesar la acción'));
    expect(screen.getByTestId('door-result')).not.toHaveTextContent('Internal');
  });

  it('takes digits, Backspace and Enter (= ENTRADA) from a physical keyboard, and keeps the focus', async () => {
    abridor.state.responders.door_action = ({ door_action }) => ({
      success: true,
      message: `Acceso Autorizado: ${door_action}`,
    });
    const entrada = await keypadAs(ANA);
    for (const key of ['1', '2', '9', 'Backspace', '3', '4']) fireEvent.keyDown(document.body, { key });
    expect(screen.getByTestId('pin-display')).toHaveAttribute('aria-label', 'PIN: 4 de 4 dígitos');
    fireEvent.keyDown(document.body, { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('door-result')).toHaveTextContent('Acceso Autorizado: ENTRADA'));
    expect(abridor.state.calls.find((c) => c.action === 'door_action')).toMatchObject({
      pin: '1234',
      door_action: 'ENTRADA',
    });

    // Enter on a key of the keypad is ENTRADA too, not that digit once more.
    press('5678');
    const eight = screen.getByRole('button', { name: '8' });
    eight.focus();
    fireEvent.keyDown(eight, { key: 'Enter' });
    await waitFor(() => expect(abridor.state.calls.filter((c) => c.action === 'door_action')).toHaveLength(2));
    expect(abridor.state.calls.at(-1)).toMatchObject({ pin: '5678', door_action: 'ENTRADA' });

    // Entrada keeps the focus while the answer is awaited and after it.
    press('1234');
    entrada.focus();
    fireEvent.click(entrada);
    expect(entrada).toHaveFocus();
    await waitFor(() => expect(abridor.state.calls.filter((c) => c.action === 'door_action')).toHaveLength(3));
    await waitFor(() => expect(isInert(entrada)).toBe(false));
    expect(entrada).toHaveFocus();
  });

  it('counts a 15 s lockout down each second from the server time, inert, and clears it at the end', async () => {
    // The phone's clock is 9 s behind the server's: lockedUntil alone would read 24 s.
    vi.useFakeTimers({
      now: new Date('2026-03-02T10:00:00.000Z'),
      toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    });
    abridor.state.skewMs = 9_000;
    abridor.state.responders.door_action = () => ({
      success: false,
      error: 'Acceso Bloqueado: Demasiados intentos fallidos. Espere 15 segundos.',
      attemptsLeft: 0,
      lockedUntil: new Date(abridor.serverNow() + 15_000).toISOString(),
    });
    await keypadAs(ANA);
    press('1111');
    fireEvent.click(screen.getByRole('button', { name: 'Entrada' }));
    await vi.waitFor(async () => {
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(screen.getByTestId('lockout')).toBeInTheDocument();
    });
    expect(screen.getByTestId('lockout')).toHaveTextContent('Espere 15 segundos antes del próximo intento');
    expect(screen.getByTestId('door-result')).toHaveTextContent('Acceso Bloqueado: Demasiados intentos fallidos.');
    for (const button of keypadButtons()) expect(isInert(button)).toBe(true);
    // Keys typed meanwhile are ignored.
    fireEvent.keyDown(document.body, { key: '7' });
    expect(screen.getByTestId('pin-display')).toHaveAttribute('aria-label', 'PIN: 0 de 4 dígitos');

    const seen: string[] = [];
    for (let second = 1; second <= 14; second++) {
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      seen.push(screen.getByTestId('lockout').textContent ?? '');
    }
    expect(seen.map((text) => Number(text.match(/\d+/)?.[0]))).toEqual([14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.queryByTestId('lockout')).toBeNull();
    expect(screen.getByTestId('door-result')).toHaveTextContent('');
    expect(screen.queryByText(/Espere/)).toBeNull();
    expect(screen.queryByText(/Acceso Bloqueado/)).toBeNull();
    for (const button of keypadButtons()) expect(isInert(button)).toBe(false);
  });
});

describe('Cambiar PIN', () => {
  it('confirms a changed PIN in a status message', async () => {
    abridor.state.responders.change_pin = () => ({ success: true });
    await keypadAs(ANA);
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar PIN' }));
    const step = (label: string, value: string, button: string) => {
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
      fireEvent.click(within(screen.getByRole('form')).getByRole('button', { name: button }));
    };
    step('PIN actual', '1234', 'Siguiente');
    step('PIN nuevo', '5678', 'Siguiente');
    step('Confirme el PIN nuevo', '5678', 'Cambiar PIN');
    await waitFor(() => expect(screen.getByTestId('door-result')).toHaveTextContent('PIN cambiado correctamente.'));
    expect(screen.getByTestId('door-result')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: 'Entrada' })).toBeVisible();
    // The keypad has the focus: the new PIN and Enter open the door, not the PIN form again.
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Teclado' }));
    abridor.state.responders.door_action = ({ door_action }) => ({
      success: true,
      message: `Acceso Autorizado: ${door_action}`,
    });
    for (const key of ['5', '6', '7', '8', 'Enter']) {
      fireEvent.keyDown(document.activeElement as Element, { key });
    }
    await waitFor(() =>
      expect(abridor.state.calls.find((c) => c.action === 'door_action')).toMatchObject({
        pin: '5678',
        door_action: 'ENTRADA',
      }),
    );
    expect(screen.queryByLabelText('PIN actual')).toBeNull();
  });

  it('cancelled, gives the focus back to Cambiar PIN', async () => {
    await keypadAs(ANA);
    const open = screen.getByRole('button', { name: 'Cambiar PIN' });
    fireEvent.click(open);
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(document.activeElement).toBe(open);
  });
});

describe('signing in when the service is busy', () => {
  const TOO_MANY = 'Demasiados intentos de inicio de sesión. Inténtelo más tarde.';
  const refused = (retryAfter?: string) =>
    HttpResponse.json({ error: TOO_MANY }, { status: 429, headers: retryAfter ? { 'retry-after': retryAfter } : {} });
  const logins = () => abridor.state.calls.filter((call) => call.action === 'login').length;
  /** Lets the answers in flight arrive and React show them, on the test's clock. */
  const settle = (check: () => void) =>
    vi.waitFor(async () => {
      await act(() => vi.advanceTimersByTimeAsync(0));
      check();
    });

  async function signInAs(usuario: string) {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await renderRemote(App, '/abridor', 'es');
    fireEvent.change(screen.getByLabelText('Usuario'), { target: { value: usuario } });
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'farola-tomate-ventana' } });
    // Only the form's wait for a second try is a timer here.
    expect(vi.getTimerCount()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
  }

  it('sends a sign-in answered busy for a moment again by itself, after the wait the service asked for', async () => {
    const answers = [() => refused('2'), () => ({ token: 't-ana', user: ANA })];
    abridor.state.responders.login = () => answers.shift()?.();
    await signInAs('ana');
    // The refusal has arrived when the form waits to send it again.
    await settle(() => expect(vi.getTimerCount()).toBeGreaterThan(0));
    expect(logins()).toBe(1);
    // Nothing to read meanwhile: the button stays busy, no refusal is shown.
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('');
    await act(() => vi.advanceTimersByTimeAsync(1_900));
    expect(logins()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(100));
    await settle(() => expect(screen.getByRole('button', { name: 'Entrada' })).toBeInTheDocument());
    expect(logins()).toBe(2);
  });

  it('tells the person after two tries again, and at once when the wait is a budget, not a moment', async () => {
    abridor.state.responders.login = () => refused('2');
    await signInAs('ana');
    for (const sent of [1, 2]) {
      await settle(() => expect(vi.getTimerCount()).toBeGreaterThan(0));
      expect(logins()).toBe(sent);
      await act(() => vi.advanceTimersByTimeAsync(2_000));
    }
    await settle(() => expect(screen.getByRole('alert')).toHaveTextContent(TOO_MANY));
    expect(logins()).toBe(3);
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeEnabled();

    // Over the address's budget: no Retry-After of a moment, so no second try.
    abridor.state.calls = [];
    abridor.state.responders.login = () => refused('60');
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    await settle(() => expect(logins()).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(logins()).toBe(1);
    expect(screen.getByRole('alert')).toHaveTextContent(TOO_MANY);
  });
});

describe('an English-speaking tenant', () => {
  const JOHN: DoorUser = { id: '3', usuario: 'john@example.com', box: 'B-9', isAdmin: false, language: 'en' };

  it('is spoken to in English from sign-in: keypad, results and PIN change', async () => {
    abridor.state.responders.login = () => ({ token: 'tok-en', user: JOHN });
    abridor.state.responders.door_action = () => ({ success: true, message: 'Acceso Autorizado: SALIDA' });
    await renderRemote(App, '/abridor', 'es');
    fireEvent.change(await screen.findByLabelText('Usuario'), { target: { value: 'john@example.com' } });
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'secret-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('button', { name: 'Entry' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('lang', 'en');
    expect(screen.getByText('john@example.com · Unit B-9')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change PIN' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Exit' }));
    expect(screen.getByTestId('door-result')).toHaveTextContent('Type a 4-digit PIN');
    press('1234');
    fireEvent.click(screen.getByRole('button', { name: 'Exit' }));
    await waitFor(() => expect(screen.getByTestId('door-result')).toHaveTextContent('Access granted: exit'));
    abridor.state.responders.door_action = () => ({ success: false, error: 'PIN inválido', attemptsLeft: 2 });
    press('9999');
    fireEvent.click(screen.getByRole('button', { name: 'Entry' }));
    await waitFor(() => expect(screen.getByTestId('door-result')).toHaveTextContent('Wrong PIN. Attempts left: 2'));
    fireEvent.click(screen.getByRole('button', { name: 'Change PIN' }));
    expect(await screen.findByRole('heading', { name: 'Change PIN · step 1 of 3' })).toBeInTheDocument();
    expect(screen.getByLabelText('Current PIN')).toBeInTheDocument();
  });

  it('keeps Spanish for a Spanish user on the same device, and anyone can switch by name', async () => {
    localStorage.setItem('abridor_idioma', 'en');
    await renderRemote(App, '/abridor', 'es');
    // The device's last choice, read after the server's Spanish page.
    expect(await screen.findByLabelText('User')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Español' }));
    expect(await screen.findByLabelText('Usuario')).toBeInTheDocument();
    expect(localStorage.getItem('abridor_idioma')).toBe('es');
    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    abridor.state.responders.login = () => ({ token: 'tok-es', user: ANA });
    fireEvent.change(await screen.findByLabelText('User'), { target: { value: 'ana' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('button', { name: 'Entrada' })).toBeInTheDocument();
  });

  it('shows the admin panel in English when English is chosen', async () => {
    useDoorLanguage.setState({ language: 'en' });
    localStorage.setItem('abridor_idioma', 'en');
    abridor.state.responders.list_users = () => ({ users: [{ ...ADMIN, registrationCode: null }] });
    abridor.state.responders.list_audit = () => ({ entries: [], hasMore: false });
    useSession.setState({ token: 't', user: ADMIN, verified: true, restored: true });
    await renderRemote(App, '/abridor', 'es');
    fireEvent.click(await screen.findByRole('button', { name: 'Manage users' }));
    expect(await screen.findByRole('heading', { name: 'Manage users' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Add user' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Latest accesses' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('User, PIN and password are required')).toBeInTheDocument();
  });
});
