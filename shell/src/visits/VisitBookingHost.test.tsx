import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createMockHandlers } from 'shared-api/msw';
import { initI18n } from 'shared-i18n';
import { openScheduling } from 'shared-ui/scheduling';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { commonResources } from '../i18n/common';
import { VisitBookingHost } from './VisitBookingHost';

const SLOTS = {
  timeZone: 'Europe/Madrid',
  slotMinutes: 30,
  days: [
    {
      date: '2026-11-24',
      slots: [
        { startsAt: '2026-11-24T09:00:00.000Z', time: '10:00', available: 2 },
        { startsAt: '2026-11-24T09:30:00.000Z', time: '10:30', available: 1 },
      ],
    },
    { date: '2026-11-25', slots: [{ startsAt: '2026-11-25T15:00:00.000Z', time: '16:00', available: 2 }] },
  ],
};
const booked: Record<string, unknown>[] = [];
const confirmations: string[] = [];
let full = false;
let throttled = false;
const server = setupServer(
  ...createMockHandlers({
    responders: {
      'visit-slots': () => SLOTS,
      'book-visit': (body) => {
        if (throttled) {
          throttled = false;
          return HttpResponse.json(
            { error: 'Too many requests, please try again in a minute' },
            { status: 429, headers: { 'retry-after': '30' } },
          );
        }
        if (full) {
          full = false;
          return HttpResponse.json({ error: 'full', code: 'visit_slot_full' }, { status: 409 });
        }
        booked.push(body);
        return {
          visitId: '00000000-0000-4000-8000-000000000001',
          startsAt: String(body.startsAt),
          endsAt: '2026-11-25T15:30:00.000Z',
          status: 'pending',
          holdUntil: '2026-11-24T10:15:00.000Z',
        };
      },
      'confirm-visit': (body) => {
        confirmations.push(String(body.code));
        return body.code === '123456'
          ? { status: 'booked' }
          : HttpResponse.json({ error: 'wrong', code: 'visit_code_wrong' }, { status: 409 });
      },
    },
  }),
);

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await initI18n('es', { es: { common: commonResources.es }, en: { common: commonResources.en } });
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('Book a visit without a scheduling page', () => {
  it('opens the booking, checks every field, books the chosen slot and confirms', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button" onClick={() => openScheduling('')}>
          Reservar visita
        </button>
        <VisitBookingHost language="es" />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Reservar visita' }));
    // The dialog is its own chunk: the first open loads it.
    const dialog = await screen.findByRole('dialog', { name: 'Reservar una visita' }, { timeout: 5000 });
    expect(await screen.findByRole('radio', { name: 'mar, 24 nov' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '10:30' })).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Reservar la visita' }));
    expect(screen.getByText('Elige una hora.')).toBeInTheDocument();
    // The focus goes to the first field in error (a time), not left on the button.
    expect(screen.getByRole('radio', { name: '10:00' })).toHaveFocus();
    expect(screen.getByText('Escribe tu nombre.')).toBeInTheDocument();
    expect(screen.getByText('Escribe un teléfono válido.')).toBeInTheDocument();
    expect(screen.getByText('Escribe un correo válido.')).toBeInTheDocument();
    expect(screen.getByText('Acepta la política de privacidad para reservar.')).toBeInTheDocument();
    expect(booked).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: /mié, 25 nov/ }));
    await user.click(screen.getByRole('radio', { name: '16:00' }));
    await user.type(screen.getByLabelText('Nombre y apellidos'), 'Ana García');
    await user.type(screen.getByLabelText('Teléfono'), '+34 600 111 222');
    await user.type(screen.getByLabelText('Correo electrónico'), 'ana@example.com');
    await user.click(screen.getByRole('checkbox', { name: /política de privacidad/ }));
    expect(screen.getByRole('link', { name: 'política de privacidad' })).toHaveAttribute('href', '/es/privacidad');

    // Taken meanwhile: said so, and the times are asked again.
    full = true;
    await user.click(screen.getByRole('button', { name: 'Reservar la visita' }));
    expect(await screen.findByText('Esa hora se acaba de ocupar: elige otra.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /mié, 25 nov/ }));
    await user.click(screen.getByRole('radio', { name: '16:00' }));
    // Too many tries from here: how long to wait, not a generic failure.
    throttled = true;
    await user.click(screen.getByRole('button', { name: 'Reservar la visita' }));
    expect(
      await screen.findByText('Demasiados intentos seguidos. Inténtalo de nuevo dentro de 30 s.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reservar la visita' }));
    // Held: the code from the e-mail confirms it; a wrong one is said so, in the field.
    expect(await screen.findByRole('heading', { name: 'Confirma tu visita' })).toHaveFocus();
    expect(dialog).toHaveTextContent('Te guardamos el miércoles, 25 de noviembre a las 16:00 hasta las 11:15.');
    await user.click(screen.getByRole('button', { name: 'Confirmar la visita' }));
    expect(screen.getByText('Escribe las 6 cifras del código.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Código del correo'), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirmar la visita' }));
    expect(
      await screen.findByText('El código no es correcto: revisa el correo y vuelve a escribirlo.'),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Código del correo'));
    await user.type(screen.getByLabelText('Código del correo'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Confirmar la visita' }));
    expect(await screen.findByText('¡Visita reservada!')).toBeInTheDocument();
    expect(confirmations).toEqual(['654321', '123456']);
    await waitFor(() => expect(screen.getByRole('heading', { name: '¡Visita reservada!' })).toHaveFocus());
    expect(dialog).toHaveTextContent('Te esperamos el miércoles, 25 de noviembre a las 16:00.');
    expect(booked).toEqual([
      {
        startsAt: '2026-11-25T15:00:00.000Z',
        fullName: 'Ana García',
        phone: '+34 600 111 222',
        email: 'ana@example.com',
        language: 'es',
        privacyAccepted: true,
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reservar visita' })).toHaveFocus());
  });

  it('does nothing while nobody asks', () => {
    render(<VisitBookingHost language="es" />);
    act(() => undefined);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
