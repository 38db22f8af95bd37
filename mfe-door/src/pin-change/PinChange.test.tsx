import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { createMockHandlers } from 'shared-api/msw';
import { initI18n } from 'shared-i18n';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLockout } from '../keypad/lockout-store';
import { useSession } from '../session/store';
import { PinChange } from './PinChange';

let answer: Record<string, unknown> = { success: true };
const server = setupServer(...createMockHandlers({ responders: { 'abridor:change_pin': () => answer } }));

beforeAll(async () => {
  await initI18n('es');
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());
beforeEach(() => {
  useSession.setState({
    token: 't',
    user: { id: '1', usuario: 'ana', box: null, isAdmin: false, language: 'es' },
    verified: true,
  });
  useLockout.getState().reset();
});
afterEach(() => server.resetHandlers());

async function changePin(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('PIN actual'), '1234');
  await user.click(screen.getByRole('button', { name: 'Siguiente' }));
  await user.type(screen.getByLabelText('PIN nuevo'), '5678');
  await user.click(screen.getByRole('button', { name: 'Siguiente' }));
  await user.type(screen.getByLabelText('Confirme el PIN nuevo'), '5678');
  await user.click(screen.getByRole('button', { name: 'Cambiar PIN' }));
}

describe('Cambiar PIN', () => {
  it('says how many tries are left after a wrong current PIN, and starts again', async () => {
    answer = { success: false, error: 'El PIN actual no es correcto', attemptsLeft: 2 };
    const onDone = vi.fn();
    const user = userEvent.setup();
    render(<PinChange onDone={onDone} />);
    await changePin(user);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('El PIN actual no es correcto. Intentos restantes: 2'),
    );
    expect(screen.getByRole('form')).toHaveAccessibleDescription('El PIN actual no es correcto. Intentos restantes: 2');
    expect(screen.getByRole('heading')).toHaveTextContent('paso 1 de 3');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('shows the keypad lockout with its countdown, waits it out, and then drops its message', async () => {
    answer = {
      success: false,
      error: 'Acceso Bloqueado: Demasiados intentos fallidos. Espere 15 segundos.',
      attemptsLeft: 0,
      lockedUntil: new Date(Date.now() + 15_000).toISOString(),
    };
    const user = userEvent.setup();
    render(<PinChange onDone={vi.fn()} />);
    await changePin(user);
    // This answer has no Date header: the device's clock, bounded to the spec's 15 s.
    expect(await screen.findByTestId('pin-change-lockout')).toHaveTextContent(
      /Espere 1[45] segundos antes del próximo intento/,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Acceso Bloqueado: Demasiados intentos fallidos.');
    expect(screen.getByRole('button', { name: 'Siguiente' })).toHaveAttribute('aria-disabled', 'true');
    act(() => useLockout.getState().reset());
    expect(screen.queryByTestId('pin-change-lockout')).toBeNull();
    expect(screen.queryByText(/Acceso Bloqueado|Espere/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Siguiente' })).toHaveAttribute('aria-disabled', 'false');
  });

  it('is done when the server accepts the change', async () => {
    answer = { success: true };
    const onDone = vi.fn();
    const user = userEvent.setup();
    render(<PinChange onDone={onDone} />);
    await changePin(user);
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
  });
});
