import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { facilityDay, plusDays } from 'shared-api';
import { createMockHandlers, type MockResponder } from 'shared-api/msw';
import { deferred, renderRemote } from 'shared-ui/testing';
import { useToasts } from 'shared-ui/toast';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import App from '../App';
import { emptyDraft } from '../session/draft';
import { useDraft } from '../session/store';

const registrationId = '6f1c1b9e-2d7a-4d0e-9a53-0c3a1f0b2e11';
const product = {
  pid: 202,
  gid: 2,
  name: 'Trastero 3 m³',
  description: 'Trastero a pie de calle',
  pricing: {
    EUR: { msetupfee: '0.00', monthly: '62.00', quarterly: '180.00', semiannually: '341.00', annually: '-1.00' },
  },
  stockcontrol: true,
  stocklevel: 4,
  numberProductsRequired: 2,
};
const lastBox = {
  ...product,
  pid: 102,
  name: 'Box 1,5 m³',
  stocklevel: 1,
  numberProductsRequired: 1,
};
const soldOut = { ...product, pid: 206, name: 'Trastero 10 m³', stocklevel: 1, numberProductsRequired: 2 };

/**
 * The functions on the shared msw handlers (requests and replies checked against the contract;
 * an unexpected call answers 501). The products answer per test; saving the draft succeeds
 * unless a test refuses it.
 */
let saveDraft: MockResponder = () => ({ success: true });
const server = setupServer(
  ...createMockHandlers({
    responders: {
      'registration-handler:get_registration_code': () => ({ registrationCode: 'ABC234' }),
      'registration-handler:update_registration': (request) => saveDraft(request),
    },
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

function serveProducts(answer: (url: URL) => Response | Promise<Response>) {
  server.use(http.get('*/functions/v1/products', ({ request }) => answer(new URL(request.url))));
}

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

async function openServices(query = '') {
  await renderRemote(App, `/es/alta/servicios?proceso=${registrationId}${query}`, 'es');
}

describe('service details step', () => {
  beforeEach(() => {
    localStorage.clear();
    useDraft.getState().replace({
      ...emptyDraft(),
      registrationId,
      completedSections: { clientData: true, verification: true, documents: true, serviceDetails: false },
    });
  });
  afterEach(() => {
    server.resetHandlers();
    saveDraft = () => ({ success: true });
  });

  it('lists products with deposit, offered periods, units note and the Almost gone badge', async () => {
    const asked: URL[] = [];
    serveProducts((url) => {
      asked.push(url);
      return json({ result: 'success', products: { product: [product, lastBox] } });
    });
    await openServices('&m3=5&listaEspera=si');
    const option = await screen.findByRole('radio', { name: /Trastero 3 m³/ });
    expect(asked[0]?.searchParams.get('m3')).toBe('5');
    expect(asked[0]?.searchParams.get('listaEspera')).toBe('si');
    expect(screen.getAllByText('Últimas unidades')).toHaveLength(1);
    expect(screen.getByRole('radio', { name: /Box 1,5 m³.*Últimas unidades/ })).toBeEnabled();
    expect(screen.getByText('Necesitas 2 unidades de este producto.')).toBeInTheDocument();
    expect(screen.getAllByText(/Fianza: 150,00/)).toHaveLength(2);
    expect(screen.queryAllByText(/Anual:/)).toHaveLength(0);
    // Each period's price is what the two units cost, one unit's price beside it.
    expect(screen.getByTestId('prices-202')).toHaveTextContent(
      /Mensual: 124,00\s€ \(2 × 62,00\s€\)\s*Trimestral: 360,00\s€ \(2 × 180,00\s€\)/,
    );
    expect(screen.getByTestId('prices-102')).toHaveTextContent(/^Mensual: 62,00\s€Trimestral: 180,00\s€/);
    await userEvent.click(option);
    // Two units: the period prices are for both.
    expect(screen.getByText(/Total: 124,00 € mensual/)).toBeInTheDocument();
    expect(useDraft.getState().draft.serviceDetails).toMatchObject({
      productId: '202',
      period: 'monthly',
      recurringFee: 124,
      numberProductsRequired: 2,
      // The volume goes with the choice: the server derives the same two units from it.
      volumeRequested: 5,
    });
  });

  it('a product without enough free units is sold out: not choosable, with a way to its waiting list', async () => {
    serveProducts(() => json({ result: 'success', products: { product: [product, soldOut] } }));
    await openServices('&m3=5');
    const radio = await screen.findByRole('radio', { name: 'Trastero 10 m³' });
    expect(radio).toBeDisabled();
    expect(screen.getByText('Agotado')).toBeInTheDocument();
    expect(screen.queryByText('Últimas unidades')).not.toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Apuntarme a la lista de espera de Trastero 10 m³' });
    const target = new URL(link.getAttribute('href') ?? '', 'http://x');
    expect(target.pathname).toBe('/es/calculadora');
    expect(Object.fromEntries(target.searchParams)).toEqual({
      listaEspera: 'si',
      producto: '206',
      m3: '5',
      proceso: registrationId,
    });
  });

  it('the product chosen in the calculator sold out meanwhile: says so, with its waiting list and the others', async () => {
    useDraft.getState().update({
      serviceDetails: {
        productId: '102',
        productName: 'Box 1,5 m³',
        period: 'monthly',
        setupFee: 0,
        recurringFee: 0,
        numberProductsRequired: 1,
      },
    });
    serveProducts(() => json({ result: 'success', products: { product: [product] } }));
    await openServices('&m3=1.2');
    const notice = await screen.findByTestId('choice-gone');
    expect(notice).toHaveTextContent('Producto no disponible Box 1,5 m³ se ha agotado mientras te registrabas');
    expect(notice).toHaveTextContent('elegir abajo otro que te sirva');
    const link = screen.getByRole('link', { name: 'Apuntarme a la lista de espera' });
    expect(link.getAttribute('href')).toBe(
      `/es/calculadora?listaEspera=si&producto=102&m3=1.2&proceso=${registrationId}`,
    );
    expect(screen.getByRole('radio', { name: /Trastero 3 m³/ })).not.toBeChecked();
  });

  it('a refusal on Next says what it is (sold out meanwhile), not "completed", and reloads the list', async () => {
    let loads = 0;
    serveProducts(() => {
      loads += 1;
      return json({ result: 'success', products: { product: loads === 1 ? product : { ...product, stocklevel: 0 } } });
    });
    saveDraft = () =>
      HttpResponse.json({ error: 'Product out of stock', code: 'product_out_of_stock' }, { status: 409 });
    await openServices('&m3=5');
    await userEvent.click(await screen.findByRole('radio', { name: /Trastero 3 m³/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(useToasts.getState().toasts.at(-1)).toMatchObject({
      title: 'No se pudo guardar',
      description: 'El trastero elegido se ha agotado: elige otro o apúntate a la lista de espera.',
    });
    expect(useToasts.getState().toasts.map((t) => t.title)).not.toContain('Proceso completado');
    expect(await screen.findByText('Agotado')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Trastero 3 m³' })).toBeDisabled();
  });

  it('asks for the move-in day, today by default, and refuses one past 30 days before sending it', async () => {
    serveProducts(() => json({ result: 'success', products: { product } }));
    const sent: Record<string, unknown>[] = [];
    saveDraft = (request) => {
      sent.push(request as Record<string, unknown>);
      return { success: true };
    };
    await openServices('&m3=5');
    await userEvent.click(await screen.findByRole('radio', { name: /Trastero 3 m³/ }));
    const day = screen.getByLabelText('Día de entrada');
    const today = facilityDay(new Date());
    expect(day).toHaveValue(today);
    expect(day).toHaveAttribute('min', today);
    expect(day).toHaveAttribute('max', plusDays(today, 30));
    expect(day).toHaveAccessibleDescription(/Tu trastero queda reservado desde que pagas la fianza/);
    // A date field takes a whole day at once (as a phone's date picker gives it).
    fireEvent.change(day, { target: { value: plusDays(today, 31) } });
    const before = sent.length;
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText(/^Elige un día desde hoy hasta el /)).toBeVisible();
    expect(day).toHaveFocus();
    expect(
      sent
        .slice(before)
        .some(
          (r) => (r.metadata as { completedSections?: { serviceDetails?: boolean } }).completedSections?.serviceDetails,
        ),
    ).toBe(false);
    fireEvent.change(day, { target: { value: plusDays(today, 3) } });
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(sent.at(-1)?.metadata).toMatchObject({ completedSections: { serviceDetails: true } }));
    expect(sent.at(-1)).toMatchObject({ metadata: { serviceDetails: { moveInDate: plusDays(today, 3) } } });
  });

  it('a tap on Next before the list has arrived goes on with the product chosen in the calculator once it has', async () => {
    const listed = deferred<void>();
    serveProducts(() => listed.promise.then(() => json({ result: 'success', products: { product } })));
    const saved: unknown[] = [];
    saveDraft = (request) => {
      saved.push(request);
      return { success: true };
    };
    await openServices('&producto=202&m3=3');
    const next = await screen.findByRole('button', { name: 'Siguiente' });
    await userEvent.click(next);
    expect(next).toHaveAttribute('aria-busy', 'true');
    listed.resolve();
    await waitFor(() => expect(useDraft.getState().draft.completedSections.serviceDetails).toBe(true));
    expect(useDraft.getState().draft.serviceDetails).toMatchObject({ productId: '202', period: 'monthly' });
    expect(useToasts.getState().toasts.map((t) => t.title)).not.toContain('Selección obligatoria');
    expect(saved.length).toBeGreaterThan(0);
  });

  it('needs a product before Next', async () => {
    serveProducts(() => json({ result: 'success', products: { product } }));
    await openServices();
    await screen.findByRole('radio', { name: /Trastero 3 m³/ });
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(useToasts.getState().toasts.at(-1)).toMatchObject({
      title: 'Selección obligatoria',
      description: 'Selecciona un producto para continuar',
    });
  });

  it('says when no product fits the size', async () => {
    serveProducts(() => json({ result: 'No hay ningún producto disponible para el tamaño requerido' }));
    await openServices('&m3=500');
    expect(await screen.findByText(/No hay ningún producto disponible para ese tamaño/)).toBeInTheDocument();
  });

  it('offers the calculator and the whole catalogue when nothing is listed', async () => {
    const asked: string[] = [];
    serveProducts((url) => {
      asked.push(url.search);
      return url.searchParams.has('m3')
        ? json({ result: 'success' })
        : json({ result: 'success', products: { product } });
    });
    await openServices('&m3=5&listaEspera=si');
    expect(await screen.findByText('Sin resultados')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a la calculadora' })).toHaveAttribute(
      'href',
      `/es/calculadora?proceso=${registrationId}`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Ver todos los productos' }));
    expect(await screen.findByRole('radio', { name: /Trastero 3 m³/ })).toBeInTheDocument();
    expect(asked.at(-1)).not.toMatch(/m3|listaEspera/);
  });

  it('shows the load error with Try again', async () => {
    let fail = true;
    serveProducts(() =>
      fail ? new Response('{}', { status: 500 }) : json({ result: 'success', products: { product } }),
    );
    await openServices();
    expect(
      await screen.findByText('Error al cargar los productos. Por favor, inténtalo más tarde.'),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    expect(await screen.findByRole('radio', { name: /Trastero 3 m³/ })).toBeInTheDocument();
  });
});
