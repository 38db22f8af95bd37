import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createMockHandlers, type MockResponder } from 'shared-api/msw';
import { initI18n } from 'shared-i18n';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../session/store';
import { LoginPage } from './LoginPage';

const ana = { id: '1', usuario: 'ana', box: 'B-12', isAdmin: false, language: 'es' as const };
const sent: Record<string, unknown>[] = [];
let login: MockResponder = () => ({ token: 'tok-1', user: ana });
const server = setupServer(
  ...createMockHandlers({
    responders: {
      'abridor:login': (request) => {
        sent.push(request);
        return login(request);
      },
    },
  }),
);

beforeAll(async () => {
  await initI18n('es');
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());
beforeEach(() => {
  useSession.setState({ token: null, user: null, verified: false, restored: true });
  localStorage.clear();
  sent.length = 0;
  login = () => ({ token: 'tok-1', user: ana });
});
afterEach(() => server.resetHandlers());

async function signIn(usuario: string, contraseña: string) {
  const user = userEvent.setup();
  render(<LoginPage />);
  if (usuario) await user.type(screen.getByLabelText('Usuario'), usuario);
  if (contraseña) await user.type(screen.getByLabelText('Contraseña'), contraseña);
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
}

describe('the door login', () => {
  it('signs in with both fields: the session is kept for the next visit', async () => {
    await signIn('  ana ', 'secreto-1');
    expect(sent).toEqual([{ usuario: 'ana', contraseña: 'secreto-1' }]);
    await expect.poll(() => useSession.getState().token).toBe('tok-1');
    expect(useSession.getState()).toMatchObject({ user: ana, verified: true });
    expect(localStorage.getItem('abridor_token')).toBe('tok-1');
    expect(JSON.parse(localStorage.getItem('abridor_user') ?? 'null')).toEqual(ana);
  });

  it('asks for both fields before calling anyone, and the form is described by the message', async () => {
    await signIn('ana', '');
    expect(screen.getByRole('alert')).toHaveTextContent('Por favor ingrese usuario y contraseña');
    expect(screen.getByRole('form')).toHaveAccessibleDescription('Por favor ingrese usuario y contraseña');
    expect(sent).toEqual([]);
  });

  it.each([
    [
      'wrong credentials',
      HttpResponse.json({ error: 'Credenciales inválidas' }, { status: 401 }),
      'Credenciales inválidas',
    ],
    [
      'too many attempts, in the server’s words',
      HttpResponse.json({ error: 'Demasiados intentos de inicio de sesión. Inténtelo más tarde.' }, { status: 429 }),
      'Demasiados intentos de inicio de sesión. Inténtelo más tarde.',
    ],
    [
      'a server fault, never its own wording',
      HttpResponse.json({ error: 'boom' }, { status: 500 }),
      'Error al iniciar sesión',
    ],
  ])('says so on %s, and nobody is signed in', async (_case, answer, message) => {
    login = () => answer;
    await signIn('ana', 'mala');
    expect(await screen.findByText(message)).toBeTruthy();
    expect(useSession.getState().token).toBeNull();
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeEnabled();
  });

  it('starts in the user field: signing in is the only thing to do here', () => {
    render(<LoginPage />);
    expect(screen.getByLabelText('Usuario')).toHaveFocus();
  });
});
