import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { i18n, initI18n } from 'shared-i18n';
import { beforeAll, describe, expect, it } from 'vitest';
import { commonResources } from '../i18n/common';
import { Layout } from './Layout';

beforeAll(async () => {
  await initI18n('es', { es: { common: commonResources.es }, en: { common: commonResources.en } });
  await i18n.changeLanguage('es');
});

describe("the home page's only header", () => {
  it('comes into view for the keyboard, so the menu and ES/EN are reached without scrolling 200 px', async () => {
    render(
      <MemoryRouter initialEntries={['/es']}>
        <Layout language="es" home>
          <p>Inicio</p>
        </Layout>
      </MemoryRouter>,
    );
    const header = screen.getByTestId('scroll-header');
    // Away at the top of the page, for a mouse or a finger.
    expect(header).toHaveAttribute('inert');
    const reached: string[] = [];
    for (let i = 0; i < 14; i += 1) {
      await userEvent.tab();
      const focused = document.activeElement as HTMLElement;
      if (header.contains(focused)) reached.push(focused.textContent?.trim() ?? '');
    }
    expect(header).not.toHaveAttribute('inert');
    expect(reached).toEqual(expect.arrayContaining(['ES', 'EN']));
    expect(reached.some((name) => name.includes('Menú'))).toBe(true);
    // A pointer again: it goes away as before.
    fireEvent.pointerDown(document.body);
    expect(header).toHaveAttribute('inert');
  });

  it('says the opening hours in the footer, and puts the phone one tap away in the header', () => {
    render(
      <MemoryRouter initialEntries={['/es/instalaciones']}>
        <Layout language="es">
          <p>Instalaciones</p>
        </Layout>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('opening-hours')).toHaveTextContent(
      'Trasteros: acceso las 24 horas, todos los días.Oficina y visitas: de lunes a sábado, de 10:00 a 19:00.',
    );
    const calls = screen.getAllByRole('link', { name: 'Llamar al +34 600 000 000' });
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call).toHaveAttribute('href', 'tel:+34600000000');
  });
});
