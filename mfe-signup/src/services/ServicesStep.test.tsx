import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRemote } from 'shared-ui/testing';
import { useToasts } from 'shared-ui/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
  stocklevel: 1,
  numberProductsRequired: 2,
};

/** The products function as the test needs it; every other call fails quietly. */
function serveProducts(answer: (url: URL) => Response) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input));
    if (url.pathname.endsWith('/products')) return answer(url);
    return new Response(JSON.stringify({ error: 'not in this test' }), { status: 500 });
  });
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
  afterEach(() => vi.restoreAllMocks());

  it('lists products with deposit, offered periods, units note and the Almost gone badge', async () => {
    const asked: URL[] = [];
    serveProducts((url) => {
      asked.push(url);
      return json({ result: 'success', products: { product } });
    });
    await openServices('&m3=5&listaEspera=si');
    const option = await screen.findByRole('radio', { name: /Trastero 3 m³/ });
    expect(asked[0]?.searchParams.get('m3')).toBe('5');
    expect(asked[0]?.searchParams.get('listaEspera')).toBe('si');
    expect(screen.getByText('Últimas unidades')).toBeInTheDocument();
    expect(screen.getByText('Necesitas 2 unidades de este producto.')).toBeInTheDocument();
    expect(screen.getByText(/Fianza: 150,00/)).toBeInTheDocument();
    expect(screen.queryByText(/Anual:/)).not.toBeInTheDocument();
    await userEvent.click(option);
    // Two units: the period prices are for both.
    expect(screen.getByText(/Total: 124,00 € mensual/)).toBeInTheDocument();
    expect(useDraft.getState().draft.serviceDetails).toMatchObject({
      productId: '202',
      period: 'monthly',
      recurringFee: 124,
    });
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
