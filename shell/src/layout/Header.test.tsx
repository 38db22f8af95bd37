import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { i18n, initI18n } from 'shared-i18n';
import { beforeAll, describe, expect, it } from 'vitest';
import { commonResources } from '../i18n/common';
import { Header } from './Header';

beforeAll(async () => {
  await initI18n('es', { es: { common: commonResources.es }, en: { common: commonResources.en } });
  await i18n.changeLanguage('es');
});

const scrollHeader = (visible: boolean) => (
  <MemoryRouter initialEntries={['/es']}>
    <Header language="es" variant="scroll" visible={visible} />
  </MemoryRouter>
);

describe('the scroll header', () => {
  it('keeps an open menu usable when it hides, and is out of reach once the menu is closed', async () => {
    const { rerender } = render(scrollHeader(true));
    await userEvent.click(screen.getByRole('button', { name: 'Menú' }));
    const drawer = screen.getByRole('dialog', { name: 'Menú' });
    // Scrolled back above 200 px behind the open menu (a drag on the backdrop scrolls the page).
    rerender(scrollHeader(false));
    expect(drawer).toHaveAttribute('open');
    expect(screen.getByTestId('scroll-header')).not.toHaveAttribute('inert');
    expect(screen.getByTestId('scroll-header')).not.toHaveAttribute('aria-hidden');
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar menú' }));
    expect(drawer).not.toHaveAttribute('open');
    expect(screen.getByTestId('scroll-header')).toHaveAttribute('inert');
    expect(screen.getByTestId('scroll-header')).toHaveAttribute('aria-hidden', 'true');
  });

  it('closes its menu from Book a visit or × even when the browser opened it and the state does not know yet', async () => {
    render(scrollHeader(true));
    for (const closeWith of [
      { role: 'link', name: 'Reservar visita' },
      { role: 'button', name: 'Cerrar menú' },
    ] as const) {
      const drawer = document.getElementById('site-menu-scroll') as HTMLDialogElement;
      // As the browser's own command leaves it before the scripts: open, while React's state says closed.
      drawer.setAttribute('open', '');
      await userEvent.click(within(drawer).getByRole(closeWith.role, { name: closeWith.name }));
      expect(drawer).not.toHaveAttribute('open');
    }
  });

  it('names its menu by a fixed id, the same in the server-rendered page and in the browser', () => {
    render(scrollHeader(true));
    const button = screen.getByRole('button', { name: 'Menú' });
    expect(button).toHaveAttribute('commandfor', 'site-menu-scroll');
    expect(button).toHaveAttribute('aria-controls', 'site-menu-scroll');
    expect(screen.getByRole('dialog', { hidden: true })).toHaveAttribute('id', 'site-menu-scroll');
  });
});
