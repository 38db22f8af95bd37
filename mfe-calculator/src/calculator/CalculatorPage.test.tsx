import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { readHandoff } from 'shared-api';
import { createMockHandlers } from 'shared-api/msw';
import { Route, Routes, useLocation } from 'shared-router';
import { renderRemote } from 'shared-ui/testing';
import { Toaster, useToasts } from 'shared-ui/toast';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import App from '../App';
import { encodeList, SHARE_PARAM } from '../share/share-link';
import { itemFromPreset } from './items';
import { findPreset, type Preset } from './presets';
import { useCalculator } from './store';

const waitlistBodies: unknown[] = [];
const server = setupServer(
  ...createMockHandlers({
    responders: {
      'send-waitlist-email': (body) => {
        waitlistBodies.push(body);
        return { success: true };
      },
    },
  }),
);

function SignupProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="signup-probe">{pathname + search}</output>;
}

function Harness() {
  return (
    <>
      <Routes>
        <Route path="/es/alta" element={<SignupProbe />} />
        <Route path="*" element={<App language="es" />} />
      </Routes>
      <Toaster closeLabel="Cerrar" />
    </>
  );
}

const renderCalculator = (path = '/es/calculadora') => renderRemote(Harness, path, 'es');

async function addPreset(user: ReturnType<typeof userEvent.setup>, id: string) {
  await user.selectOptions(screen.getByLabelText('Tipo de mueble'), id);
  await user.click(screen.getByRole('button', { name: 'Añadir' }));
}

/** A wardrobe stretched to `length` cm, then the search. */
async function searchWithWardrobeLength(user: ReturnType<typeof userEvent.setup>, length: string) {
  await addPreset(user, 'wardrobe');
  const [lengthField] = screen.getAllByLabelText('Largo');
  await user.clear(lengthField as HTMLElement);
  await user.type(lengthField as HTMLElement, length);
  await user.click(screen.getByRole('button', { name: 'Buscar mi trastero' }));
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  localStorage.clear();
  useCalculator.setState({ items: [] });
  useToasts.setState({ toasts: [] });
  waitlistBodies.length = 0;
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});

describe('calculator page', () => {
  it('adds a type only once chosen, then clears the picker', async () => {
    const user = userEvent.setup();
    await renderCalculator();
    const add = screen.getByRole('button', { name: 'Añadir' });
    expect(add).toBeDisabled();
    await addPreset(user, 'wardrobe');
    expect(screen.getByLabelText('Tipo de mueble')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Añadir' })).toBeDisabled();
    expect(screen.getByDisplayValue('Armario')).toBeInTheDocument();
    // The focus stays on the picker, ready for the next one (the Add button is disabled now).
    expect(screen.getByLabelText('Tipo de mueble')).toHaveFocus();
  });

  it('after Delete all the focus goes to the picker, after removing one to the list, never to the page', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await renderCalculator();
    await addPreset(user, 'wardrobe');
    await addPreset(user, 'desk');
    await user.click(screen.getByRole('button', { name: /Eliminar Armario/ }));
    expect(screen.getByRole('heading', { name: 'Tu lista' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Borrar todo' }));
    expect(screen.getByLabelText('Tipo de mueble')).toHaveFocus();
  });

  it('shows unit and line volumes, recomputes the total on every change, and removes by id', async () => {
    const user = userEvent.setup();
    await renderCalculator();
    expect(screen.queryByRole('button', { name: 'Buscar mi trastero' })).not.toBeInTheDocument();
    await addPreset(user, 'wardrobe');
    await addPreset(user, 'custom');
    expect(screen.getByTestId('total-volume')).toHaveTextContent('1,565 m³');
    const [wardrobeQuantity] = screen.getAllByLabelText('Cantidad');
    await user.clear(wardrobeQuantity as HTMLElement);
    await user.type(wardrobeQuantity as HTMLElement, '2');
    expect(screen.getAllByTestId('unit-volume')[0]).toHaveTextContent('1,440 m³');
    expect(screen.getAllByTestId('line-volume')[0]).toHaveTextContent('2,880 m³');
    expect(screen.getByTestId('total-volume')).toHaveTextContent('3,005 m³');
    const [, customHeight] = screen.getAllByLabelText('Alto');
    await user.clear(customHeight as HTMLElement);
    await user.type(customHeight as HTMLElement, 'abc');
    expect(screen.getByTestId('total-volume')).toHaveTextContent('2,880 m³');
    await user.click(screen.getByRole('button', { name: 'Eliminar Armario' }));
    expect(screen.getByTestId('total-volume')).toHaveTextContent('0,000 m³');
    expect(screen.queryByRole('button', { name: 'Buscar mi trastero' })).not.toBeInTheDocument();
  });

  it('asks before deleting everything', async () => {
    const user = userEvent.setup();
    await renderCalculator();
    await addPreset(user, 'desk');
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await user.click(screen.getByRole('button', { name: 'Borrar todo' }));
    expect(screen.getByDisplayValue('Mesa de escritorio')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Borrar todo' }));
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Todavía no has añadido ningún objeto.')).toBeInTheDocument();
  });

  it('finds options, marks the best fit and hands the choice to the sign-up with proceso', async () => {
    const user = userEvent.setup();
    await renderCalculator('/es/calculadora?proceso=reg-9');
    expect(screen.getByRole('link', { name: /Volver al alta/ })).toHaveAttribute('href', '/es/alta?proceso=reg-9');
    await addPreset(user, 'wardrobe');
    await user.click(screen.getByRole('button', { name: 'Buscar mi trastero' }));
    const view = await screen.findByTestId('options-view');
    await within(view).findAllByRole('listitem');
    const options = within(within(view).getAllByRole('list')[0] as HTMLElement).getAllByRole('listitem');
    expect(options).toHaveLength(2);
    // What would fit but is sold out is there too, with its waiting list; the switch always is.
    const soldOut = within(view).getByTestId('options-sold-out');
    expect(within(soldOut).getByText('Agotado')).toBeInTheDocument();
    expect(
      within(soldOut).getByRole('button', { name: 'Apuntarme a la lista de espera de Guardamuebles 50 m³' }),
    ).toBeInTheDocument();
    expect(within(view).getByRole('button', { name: 'Ver opciones en lista de espera' })).toBeInTheDocument();
    expect(within(options[0] as HTMLElement).getByText('Mejor opción')).toBeInTheDocument();
    expect(within(options[1] as HTMLElement).getByText('Fianza: 50,00 €')).toBeInTheDocument();
    await user.click(within(view).getByRole('button', { name: 'Elegir Trastero 3 m³' }));
    const probe = await screen.findByTestId('signup-probe');
    const url = new URL(probe.textContent ?? '', 'http://x');
    expect(url.pathname).toBe('/es/alta');
    expect(url.searchParams.get('proceso')).toBe('reg-9');
    expect(readHandoff(url.search)).toEqual({
      productId: '1',
      productName: 'Trastero 3 m³',
      unitsRequired: 1,
      volumeRequested: 1.44,
    });
  });

  it('shows what each option costs a month for every unit needed, the price per unit beside it, and the deposit', async () => {
    const product = (pid: string, name: string, monthly: string, units: number, setupFee = '0.00') => ({
      pid,
      gid: '2',
      name,
      description: '',
      pricing: { EUR: { msetupfee: setupFee, monthly, quarterly: '-1.00', semiannually: '-1.00', annually: '-1.00' } },
      stockcontrol: true,
      stocklevel: 5,
      numberProductsRequired: units,
    });
    server.use(
      http.get('*/functions/v1/products', () =>
        HttpResponse.json({
          result: 'success',
          // The server's order: cheapest total first (95 € for one 6 m³ before 3 × 49 €).
          products: {
            product: [product('4', 'Trastero 6 m³', '95.00', 1), product('2', 'Trastero 2 m³', '49.00', 3, '60.00')],
          },
        }),
      ),
    );
    const user = userEvent.setup();
    await renderCalculator();
    await addPreset(user, 'wardrobe');
    await user.click(screen.getByRole('button', { name: 'Buscar mi trastero' }));
    const [first, second] = (await within(await screen.findByTestId('options-view')).findAllByRole(
      'listitem',
    )) as HTMLElement[];
    expect(within(first as HTMLElement).getByTestId('option-monthly')).toHaveTextContent(/^95,00\s€\/mes$/);
    expect(within(first as HTMLElement).getByTestId('option-deposit')).toHaveTextContent(
      /^Fianza: 150,00\s€ \(particulares\) o 300,00\s€ \(empresas\)$/,
    );
    expect(within(second as HTMLElement).getByText('Necesitas 3 unidades')).toBeInTheDocument();
    expect(within(second as HTMLElement).getByTestId('option-monthly')).toHaveTextContent(/^147,00\s€\/mes$/);
    expect(within(second as HTMLElement).getByText(/^3 × 49,00\s€\/mes por unidad$/)).toBeInTheDocument();
    expect(within(second as HTMLElement).getByTestId('option-deposit')).toHaveTextContent(/^Fianza: 60,00\s€$/);
  });

  it('says a volume larger than any storage is too large (an item in metres), without asking for options', async () => {
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/products')) asked.push(request.url);
    });
    const user = userEvent.setup();
    await renderCalculator();
    await addPreset(user, 'wardrobe');
    await user.selectOptions(screen.getByLabelText('Unidad'), 'm');
    await user.click(screen.getByRole('button', { name: 'Buscar mi trastero' }));
    expect(screen.getByTestId('volume-too-large')).toHaveTextContent(
      /^1\.440\.000,000 m³ es más de lo que cabe en cualquier trastero: revisa las medidas y sus unidades/,
    );
    expect(screen.queryByTestId('options-view')).toBeNull();
    expect(asked).toEqual([]);
    // Put right, the search runs.
    await user.selectOptions(screen.getByLabelText('Unidad'), 'cm');
    expect(screen.queryByTestId('volume-too-large')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Buscar mi trastero' }));
    expect(await screen.findByTestId('options-view')).toBeInTheDocument();
    server.events.removeAllListeners();
  });

  it('Close returns to the calculator with the list intact', async () => {
    const user = userEvent.setup();
    await renderCalculator();
    await addPreset(user, 'desk');
    await user.click(screen.getByRole('button', { name: 'Buscar mi trastero' }));
    await user.click(await screen.findByRole('button', { name: 'Cerrar' }));
    expect(screen.getByDisplayValue('Mesa de escritorio')).toBeInTheDocument();
  });

  it('shows an error with Retry when the options cannot be loaded', async () => {
    server.use(
      http.get('*/functions/v1/products', () => HttpResponse.json({ error: 'down' }, { status: 502 }), { once: true }),
    );
    const user = userEvent.setup();
    await renderCalculator();
    await addPreset(user, 'desk');
    await user.click(screen.getByRole('button', { name: 'Buscar mi trastero' }));
    expect(await screen.findByText('No se han podido cargar las opciones.')).toBeInTheDocument();
    expect(console.error).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('button', { name: 'Elegir Trastero 3 m³' })).toBeInTheDocument();
  });

  it('goes to the waitlist when nothing is available, and says when not even that is', async () => {
    const user = userEvent.setup();
    await renderCalculator();
    await searchWithWardrobeLength(user, '1000');
    expect(await screen.findByText('No hay ningún producto disponible para el tamaño requerido')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ver opciones en lista de espera' }));
    expect(await screen.findByRole('button', { name: /lista de espera de Guardamuebles 50 m³/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ver opciones disponibles' }));
    expect(await screen.findByText('No hay ningún producto disponible para el tamaño requerido')).toBeInTheDocument();

    // 60 m³: more than anything, even on the waitlist.
    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    const [longer] = screen.getAllByLabelText('Largo');
    await user.clear(longer as HTMLElement);
    await user.type(longer as HTMLElement, '5000');
    await user.click(screen.getByRole('button', { name: 'Buscar mi trastero' }));
    await user.click(await screen.findByRole('button', { name: 'Ver opciones en lista de espera' }));
    expect(
      await screen.findByText('No hay opciones disponibles, ni siquiera en lista de espera, para este tamaño'),
    ).toBeInTheDocument();
  });

  it('joins the waitlist: privacy required, success toast and reset; failure keeps the dialog and data', async () => {
    const user = userEvent.setup();
    await renderCalculator();
    await searchWithWardrobeLength(user, '1000');
    await user.click(await screen.findByRole('button', { name: 'Ver opciones en lista de espera' }));
    await user.click(await screen.findByRole('button', { name: /lista de espera de Guardamuebles 50 m³/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Nombre completo'), 'Ana García');
    await user.type(within(dialog).getByLabelText('Teléfono'), '+34 600 123 456');
    await user.type(within(dialog).getByLabelText('Correo electrónico'), 'ana@example.com');
    await user.selectOptions(within(dialog).getByLabelText('Cuándo lo necesitas'), 'next_month');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(within(dialog).getByText('Debe aceptar la cláusula de privacidad')).toBeInTheDocument();
    expect(waitlistBodies).toHaveLength(0);

    server.use(
      http.post('*/functions/v1/send-waitlist-email', () => HttpResponse.json({ error: 'x' }, { status: 500 }), {
        once: true,
      }),
    );
    await user.click(within(dialog).getByLabelText(/He leído y acepto/));
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    // In the dialog (where the visitor looks) and as a toast, which moved into the open dialog.
    expect(await within(dialog).findAllByText('Error al enviar el formulario. Inténtelo de nuevo.')).toHaveLength(2);
    expect(within(dialog).getByTestId('toaster')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Nombre completo')).toHaveValue('Ana García');

    // Too many tries: how long to wait, not a generic failure.
    server.use(
      http.post(
        '*/functions/v1/send-waitlist-email',
        () =>
          HttpResponse.json(
            { error: 'Too many requests, please try again in a minute' },
            { status: 429, headers: { 'retry-after': '42' } },
          ),
        { once: true },
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(
      await within(dialog).findAllByText('Demasiadas solicitudes seguidas. Inténtelo de nuevo dentro de 42 s.'),
    ).toHaveLength(2);

    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      await screen.findByText(
        'Te hemos añadido a la lista de espera. Te contactaremos cuando esté disponible. Confírmalo desde el correo que te hemos enviado (tienes 24 horas) para entrar en la lista.',
      ),
    ).toBeInTheDocument();
    // The success replaces the failures of the attempts before it: no red toast beside it.
    expect(useToasts.getState().toasts.map((t) => t.variant)).toEqual(['success']);
    expect(waitlistBodies).toEqual([
      expect.objectContaining({
        fullName: 'Ana García',
        timeframe: 'next_month',
        product: { pid: '3', name: 'Guardamuebles 50 m³', numberProductsRequired: 1 },
        volumeRequested: 12,
        procesoParam: null,
      }),
    ]);
  });
});

describe('a shared list link', () => {
  const shared = [
    itemFromPreset(findPreset('refrigerator') as Preset),
    itemFromPreset(findPreset('bed_frame_double') as Preset),
  ];
  const link = `/es/calculadora?${SHARE_PARAM}=${encodeList(shared)}`;

  it('asks before touching an own list: cancel keeps it, add appends, replace replaces', async () => {
    const user = userEvent.setup();
    const own = [itemFromPreset(findPreset('sofa_3_seater') as Preset)];
    for (const [choice, expected] of [
      ['Cancelar y conservar la mía', ['Sofá 3 plazas']],
      ['Añadirla a la mía', ['Sofá 3 plazas', 'Nevera', 'Somier cama 180x200']],
      ['Sustituir mi lista', ['Nevera', 'Somier cama 180x200']],
    ] as const) {
      useCalculator.setState({ items: own });
      const view = await renderCalculator(link);
      const dialog = await screen.findByRole('dialog', { name: 'Abrir una lista compartida' });
      expect(dialog).toHaveTextContent('Ya tienes una lista con 1 objeto. El enlace trae otra con 2.');
      expect(useCalculator.getState().items).toEqual(own);
      await user.click(within(dialog).getByRole('button', { name: choice }));
      expect(useCalculator.getState().items.map((item) => item.name)).toEqual(expected);
      view.unmount();
    }
  });

  it('loads without asking when there is no own list', async () => {
    await renderCalculator(link);
    await waitFor(() => expect(useCalculator.getState().items).toHaveLength(2));
    expect(screen.queryByRole('dialog', { name: 'Abrir una lista compartida' })).not.toBeInTheDocument();
  });
});
