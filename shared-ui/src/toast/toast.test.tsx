import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useEffect } from 'react';
import { MemoryRouter } from 'react-router';
import { Link, Route, Routes, useNavigate } from 'shared-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_TOASTS, NAVIGATION_GRACE_MS, TOAST_DURATION_MS, Toaster, toast, useToasts } from '.';

/** Pages (path → content) with the toaster, the visitor on `start`. */
function renderPages(start: string, pages: Record<string, ReactNode>) {
  return render(
    <MemoryRouter initialEntries={[start]}>
      <Routes>
        {Object.entries(pages).map(([path, page]) => (
          <Route key={path} path={path} element={page} />
        ))}
      </Routes>
      <Toaster closeLabel="Cerrar" />
    </MemoryRouter>,
  );
}

/** The sign-up's landing: on arrival it says why, and sends the visitor on once the server answered. */
function Landing() {
  const navigate = useNavigate();
  useEffect(() => {
    toast({ title: 'Sesión caducada', variant: 'destructive', followsNavigation: true });
  }, []);
  return (
    <button type="button" onClick={() => navigate('/es/alta/recuperar')}>
      Servidor respondió
    </button>
  );
}

describe('toasts', () => {
  beforeEach(() => useToasts.setState({ toasts: [] }));
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it(`keeps at most ${MAX_TOASTS}, the newest, and never the same message twice`, () => {
    for (const title of ['a', 'b', 'c', 'b']) toast({ title });
    expect(useToasts.getState().toasts.map((t) => t.title)).toEqual(['c', 'b']);
  });

  it('a newer outcome of the same action replaces the older one: no success beside the error before it', () => {
    toast({ title: 'Otra cosa', variant: 'destructive' });
    toast({ title: 'Error al enviar', variant: 'destructive', topic: 'waitlist-send' });
    toast({ title: 'Éxito', variant: 'success', topic: 'waitlist-send' });
    expect(useToasts.getState().toasts.map((t) => t.title)).toEqual(['Otra cosa', 'Éxito']);
  });

  it('news goes after a while, an error stays until dismissed', () => {
    vi.useFakeTimers();
    toast({ title: 'Guardado', variant: 'success' });
    const error = toast({ title: 'Error', description: 'No se pudo guardar', variant: 'destructive' });
    vi.advanceTimersByTime(TOAST_DURATION_MS * 10);
    expect(useToasts.getState().toasts.map((t) => t.id)).toEqual([error]);
    useToasts.getState().dismiss(error);
    expect(useToasts.getState().toasts).toEqual([]);
  });

  it('a navigation dismisses what was said before it, not what was said on the way', async () => {
    const now = vi.spyOn(Date, 'now');
    now.mockReturnValue(1_000_000);
    renderPages('/es/alta/revision', {
      '/es': <p>Inicio</p>,
      '/es/alta/revision': <Link to="/es">Ir</Link>,
    });
    act(() => {
      toast({ title: 'Contrato no completado', variant: 'destructive' });
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Contrato no completado');
    now.mockReturnValue(1_010_000);
    act(() => {
      toast({ title: 'Alta completada', variant: 'success' });
    });
    await userEvent.click(screen.getByRole('link', { name: 'Ir' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Alta completada');
  });

  it('what is said for the next page survives the navigation however late that page comes, and only that one', async () => {
    const now = vi.spyOn(Date, 'now');
    now.mockReturnValue(2_000_000);
    renderPages('/es/alta/revision', {
      '/es': <Link to="/es/instalaciones">Más</Link>,
      '/es/instalaciones': <p>Instalaciones</p>,
      '/es/alta/revision': <Link to="/es">Ir</Link>,
    });
    act(() => {
      toast({ title: 'Alta completada', variant: 'success', durationMs: 60_000, followsNavigation: true });
    });
    // The home page took far longer than the grace to appear (a remote loading on a slow phone).
    now.mockReturnValue(2_000_000 + NAVIGATION_GRACE_MS * 10);
    await userEvent.click(screen.getByRole('link', { name: 'Ir' }));
    expect(screen.getByRole('status')).toHaveTextContent('Alta completada');
    await userEvent.click(screen.getByRole('link', { name: 'Más' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('what is said for a navigation that stays on the page is dismissed by the next page, like any other', async () => {
    const now = vi.spyOn(Date, 'now');
    now.mockReturnValue(3_000_000);
    renderPages('/es/alta/servicios', {
      '/es/alta/servicios': (
        <>
          <Link to="/es/alta/servicios?periodo=3">Tres meses</Link>
          <Link to="/es">Ir</Link>
        </>
      ),
      '/es': <p>Inicio</p>,
    });
    act(() => {
      toast({ title: 'Producto no disponible', variant: 'destructive', followsNavigation: true });
    });
    await userEvent.click(screen.getByRole('link', { name: 'Tres meses' }));
    // The same page with a new query: still the page the toast was said on.
    expect(screen.getByRole('alert')).toHaveTextContent('Producto no disponible');
    now.mockReturnValue(3_000_000 + NAVIGATION_GRACE_MS * 10);
    await userEvent.click(screen.getByRole('link', { name: 'Ir' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('what a page says for the next one as it lands is not taken for something said before the navigation that brought the visitor', async () => {
    const now = vi.spyOn(Date, 'now');
    now.mockReturnValue(4_000_000);
    renderPages('/es', {
      '/es': <Link to="/es/alta">Alta</Link>,
      '/es/alta': <Landing />,
      '/es/alta/recuperar': <p>Recuperar</p>,
    });
    await userEvent.click(screen.getByRole('link', { name: 'Alta' }));
    // The server took longer than the grace to answer.
    now.mockReturnValue(4_000_000 + NAVIGATION_GRACE_MS * 10);
    await userEvent.click(screen.getByRole('button', { name: 'Servidor respondió' }));
    expect(screen.getByText('Recuperar')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Sesión caducada');
  });
});
