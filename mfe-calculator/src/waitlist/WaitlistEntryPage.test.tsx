import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { readHandoff, type WaitlistEntry } from 'shared-api';
import { createMockHandlers } from 'shared-api/msw';
import { renderRemote } from 'shared-ui/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import App from '../App';

const TOKEN = 'A'.repeat(43);
let entry: WaitlistEntry;
const calls: string[] = [];

const server = setupServer(
  ...createMockHandlers({
    responders: {
      'get-waitlist-entry': (body) =>
        body.token === TOKEN ? entry : Response.json({ error: 'This waitlist link is not valid.' }, { status: 404 }),
      'leave-waitlist': () => {
        calls.push('leave');
        entry = { ...entry, status: 'left', position: null, offer: null };
        return { success: true };
      },
      'accept-waitlist-offer': () => {
        calls.push('accept');
        return {
          success: true,
          handoff: { productId: '206', productName: 'Trastero 10 m³', unitsRequired: 1, volumeRequested: 9.5 },
          expiresAt: '2026-11-25T21:00:00.000Z',
        };
      },
    },
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  calls.length = 0;
  entry = {
    status: 'waiting',
    position: 2,
    productId: '206',
    productName: 'Trastero 10 m³',
    unitsRequired: 1,
    volumeRequested: 9.5,
    timeframe: 'next_month',
    joinedAt: '2026-11-20T10:00:00.000Z',
    offer: null,
  };
});
afterEach(() => vi.restoreAllMocks());

describe('a waitlist entry’s private page', () => {
  it('shows the place in line and what was asked for, in Spanish', async () => {
    await renderRemote(App, `/es/lista-espera/${TOKEN}`, 'es');
    expect(await screen.findByText('Estás en la posición 2 de la lista.')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Tu lista de espera');
    expect(screen.getByText('Trastero 10 m³')).toBeVisible();
    expect(screen.getByText('El próximo mes')).toBeVisible();
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  });

  it('leaves the list only after a confirmation, then says so and offers to join again', async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await renderRemote(App, `/es/lista-espera/${TOKEN}`, 'es');
    const leave = await screen.findByRole('button', { name: 'Salir de la lista de espera' });
    await user.click(leave);
    expect(calls).toEqual([]);
    await user.click(leave);
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(await screen.findByText('Has salido de la lista de espera.')).toBeVisible();
    expect(calls).toEqual(['leave']);
    // Back to the same product's waiting list, its form open, for the same volume.
    expect(screen.getByRole('link', { name: 'Volver a apuntarme a esta lista' })).toHaveAttribute(
      'href',
      '/es/calculadora?listaEspera=si&producto=206&m3=9.5',
    );
    expect(screen.queryByRole('button', { name: 'Salir de la lista de espera' })).toBeNull();
  });

  it('an offer that ran out leads straight back to the same waiting list', async () => {
    entry = { ...entry, status: 'offer_expired', position: null };
    await renderRemote(App, `/en/waitlist/${TOKEN}`, 'en');
    expect(await screen.findByRole('link', { name: 'Join this waiting list again' })).toHaveAttribute(
      'href',
      '/en/calculator?listaEspera=si&producto=206&m3=9.5',
    );
  });

  it('an offer shows the held unit and its deadline; Start takes it and opens the sign-up with the product', async () => {
    entry = {
      ...entry,
      status: 'offered',
      position: 1,
      offer: { status: 'open', unitNumbers: ['B-031'], expiresAt: '2026-11-25T21:00:00.000Z' },
    };
    const user = userEvent.setup();
    const view = await renderRemote(App, `/en/waitlist/${TOKEN}`, 'en');
    expect(await screen.findByRole('heading', { name: 'Your storage unit is available!' })).toBeVisible();
    expect(screen.getByText(/We hold B-031 for you until Wednesday, 25 November 2026 at 22:00/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Start the sign-up' }));
    await waitFor(() => expect(view.location()).toMatch(/^\/en\/signup\?productos=/));
    expect(calls).toEqual(['accept']);
    expect(readHandoff(view.location().split('?')[1] ?? '')).toMatchObject({ productId: '206', unitsRequired: 1 });
  });

  it('a link that is not valid says so and leads to the calculator', async () => {
    await renderRemote(App, `/es/lista-espera/${'B'.repeat(43)}`, 'es');
    expect(await screen.findByRole('alert')).toHaveTextContent('Este enlace de la lista de espera no es válido.');
    expect(screen.getByRole('link', { name: 'Ir a la calculadora' })).toHaveAttribute('href', '/es/calculadora');
  });
});
