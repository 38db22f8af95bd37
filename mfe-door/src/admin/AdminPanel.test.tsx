import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ListedDoorUser } from 'shared-api';
import { initI18n } from 'shared-i18n';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../session/store';
import { mockAbridor } from '../testing/mock-abridor';
import { AdminPanel } from './AdminPanel';

const abridor = mockAbridor();
const ADMIN: ListedDoorUser = {
  id: '1',
  usuario: 'admin',
  box: null,
  isAdmin: true,
  language: 'es',
  registrationCode: null,
};
let users: ListedDoorUser[] = [];

beforeAll(async () => {
  await initI18n('es');
  abridor.server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => abridor.server.close());
beforeEach(() => {
  useSession.setState({ token: 't', user: ADMIN, verified: true });
  users = [
    ADMIN,
    { id: '2', usuario: 'ana', box: 'B-1', isAdmin: false, language: 'es', registrationCode: null },
    { id: '3', usuario: 'bea', box: null, isAdmin: false, language: 'es', registrationCode: null },
    { id: '4', usuario: 'carlos', box: null, isAdmin: false, language: 'es', registrationCode: null },
  ];
  Object.assign(abridor.state.responders, {
    list_users: () => ({ users }),
    list_audit: () => ({ entries: [], hasMore: false }),
    add_user: (body: Record<string, unknown>) => {
      const user = {
        id: String(users.length + 10),
        usuario: String(body.usuario),
        box: null,
        isAdmin: false,
        language: 'es' as const,
        registrationCode: null,
      };
      users = [...users, user];
      return { success: true, user };
    },
    delete_user: (body: Record<string, unknown>) => {
      users = users.filter((u) => u.id !== body.userId);
      return { success: true };
    },
  });
});
afterEach(() => {
  abridor.reset();
  vi.restoreAllMocks();
});

async function panel() {
  render(<AdminPanel />);
  await screen.findByText('carlos');
  return {
    add: screen.getByRole('form', { name: 'Añadir usuario' }),
    list: screen.getByRole('list', { name: 'Usuarios' }),
  };
}

/** The text of the elements an element's aria-describedby points at. */
function description(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

describe('Gestionar Usuarios', () => {
  it('says what is missing inside the add form, tied to it, and focuses the first empty field', async () => {
    const { add } = await panel();
    fireEvent.change(within(add).getByLabelText('Usuario'), { target: { value: 'dani' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Añadir' }));
    await waitFor(() =>
      expect(within(add).getByRole('alert')).toHaveTextContent('Usuario, PIN y contraseña son obligatorios'),
    );
    expect(description(add)).toContain('Usuario, PIN y contraseña son obligatorios');
    expect(within(add).getByLabelText('PIN')).toHaveFocus();
    expect(within(add).getByLabelText('PIN')).toHaveAttribute('aria-invalid', 'true');
  });

  it('keeps only the digits typed in the PIN, and hides the password', async () => {
    const { add } = await panel();
    fireEvent.change(within(add).getByLabelText('PIN'), { target: { value: '1a2 3-4' } });
    expect(within(add).getByLabelText('PIN')).toHaveValue('1234');
    expect(within(add).getByLabelText('PIN')).toHaveAttribute('inputmode', 'numeric');
    expect(within(add).getByLabelText('Contraseña')).toHaveAttribute('type', 'password');
  });

  it('shows a refused add (a taken name) inside the add form', async () => {
    abridor.state.responders.add_user = () => Response.json({ error: 'El usuario ya existe' }, { status: 409 });
    const { add } = await panel();
    fireEvent.change(within(add).getByLabelText('Usuario'), { target: { value: 'ana' } });
    fireEvent.change(within(add).getByLabelText('PIN'), { target: { value: '1234' } });
    fireEvent.change(within(add).getByLabelText('Contraseña'), { target: { value: 'x' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Añadir' }));
    await waitFor(() => expect(within(add).getByRole('alert')).toHaveTextContent('El usuario ya existe'));
    expect(description(add)).toContain('El usuario ya existe');
  });

  it('after Añadir, confirms it and puts the focus back in the first field of the add form', async () => {
    const { add } = await panel();
    fireEvent.change(within(add).getByLabelText('Usuario'), { target: { value: 'dani' } });
    fireEvent.change(within(add).getByLabelText('PIN'), { target: { value: '1234' } });
    fireEvent.change(within(add).getByLabelText('Contraseña'), { target: { value: 'x' } });
    const submit = within(add).getByRole('button', { name: 'Añadir' });
    submit.focus();
    fireEvent.click(submit);
    await waitFor(() => expect(within(add).getByLabelText('Usuario')).toHaveFocus());
    expect(within(add).getByLabelText('Usuario')).toHaveValue('');
    expect(await screen.findByText('dani')).toBeVisible();
    expect(within(add).getByRole('status')).toHaveTextContent('Usuario dani añadido.');
  });

  it('shows an edit error inside the form being edited', async () => {
    abridor.state.responders.update_user = () => Response.json({ error: 'El usuario ya existe' }, { status: 409 });
    const { list } = await panel();
    fireEvent.click(within(list).getByRole('button', { name: 'Editar bea' }));
    const edit = screen.getByRole('form', { name: 'Editar bea' });
    fireEvent.change(within(edit).getByLabelText('Usuario'), { target: { value: 'ana' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(within(edit).getByRole('alert')).toHaveTextContent('El usuario ya existe'));
    expect(description(edit)).toContain('El usuario ya existe');
  });

  it('after Eliminar, moves the focus to the next row, and to the list heading when none is left', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { list } = await panel();
    const remove = within(list).getByRole('button', { name: 'Eliminar bea' });
    remove.focus();
    fireEvent.click(remove);
    await waitFor(() => expect(within(list).queryByText('bea')).toBeNull());
    await waitFor(() => expect(within(list).getByRole('button', { name: 'Editar carlos' })).toHaveFocus());

    // The last row: the previous one takes the focus.
    fireEvent.click(within(list).getByRole('button', { name: 'Eliminar carlos' }));
    await waitFor(() => expect(within(list).queryByText('carlos')).toBeNull());
    await waitFor(() => expect(within(list).getByRole('button', { name: 'Editar ana' })).toHaveFocus());

    users = [ADMIN, { id: '2', usuario: 'ana', box: 'B-1', isAdmin: false, language: 'es', registrationCode: null }];
    fireEvent.click(within(list).getByRole('button', { name: 'Eliminar ana' }));
    await waitFor(() => expect(within(list).queryByText('ana')).toBeNull());
    await waitFor(() => expect(within(list).getByRole('button', { name: 'Editar admin' })).toHaveFocus());
  });

  it('ends a tenant’s rental after a confirmation that says what it does, and says what was freed', async () => {
    users = [
      ...users,
      { id: '7', usuario: 'eva@example.com', box: 'B-012', isAdmin: false, language: 'es', registrationCode: 'K7P2QX' },
    ];
    const ended: unknown[] = [];
    abridor.state.responders.end_rental = (body: Record<string, unknown>) => {
      ended.push(body.userId);
      users = users.filter((u) => u.id !== body.userId);
      return { success: true, freedUnits: ['B-012'] };
    };
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { list } = await panel();
    expect(within(list).getByText(/Alquiler K7P2QX/)).toBeVisible();
    // Only a tenant's user has a rental to end.
    expect(within(list).getAllByRole('button', { name: /^Finalizar alquiler/ })).toHaveLength(1);
    const end = within(list).getByRole('button', { name: 'Finalizar alquiler de eva@example.com' });

    fireEvent.click(end);
    expect(confirm).toHaveBeenLastCalledWith(expect.stringContaining('Se liberan sus trasteros (B-012)'));
    expect(ended).toEqual([]);

    fireEvent.click(end);
    await waitFor(() => expect(within(list).queryByText('eva@example.com')).toBeNull());
    expect(ended).toEqual(['7']);
    expect(
      screen.getByText('Alquiler K7P2QX finalizado: B-012 libre(s); acceso de eva@example.com revocado.'),
    ).toHaveAttribute('role', 'status');
  });

  it('shows a refused end of rental in the row', async () => {
    users = [
      ...users,
      { id: '7', usuario: 'eva', box: 'B-012', isAdmin: false, language: 'es', registrationCode: 'K7P2QX' },
    ];
    abridor.state.responders.end_rental = () =>
      Response.json({ error: 'Este alquiler no está activo' }, { status: 409 });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { list } = await panel();
    fireEvent.click(within(list).getByRole('button', { name: 'Finalizar alquiler de eva' }));
    expect(await within(list).findByText('Este alquiler no está activo')).toBeVisible();
  });
});
