import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { i18n, initI18n } from 'shared-i18n';
import { useLocation } from 'shared-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { commonResources } from '../i18n/common';

// The slot is the seam to remotes; here it only reports which remote it would load.
vi.mock('../remotes/RemoteSlot', () => ({
  RemoteSlot: ({ name, language }: { name: string; language: string }) => (
    <p data-testid="slot">
      {name}:{language}
    </p>
  ),
}));

const { SiteRoutes } = await import('./SiteRoutes');

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SiteRoutes />
      <Where />
    </MemoryRouter>,
  );
}

beforeAll(async () => {
  await initI18n('es', { es: { common: commonResources.es }, en: { common: commonResources.en } });
});

describe('SiteRoutes', () => {
  it.each([
    ['/es', 'marketing:es'],
    ['/en/hire', 'marketing:en'],
    ['/en/calculator', 'calculator:en'],
    ['/es/alta/revision', 'signup:es'],
    ['/abridor', 'door:es'],
  ])('%s renders the %s remote', (path, slot) => {
    renderAt(path);
    expect(screen.getByTestId('slot')).toHaveTextContent(slot);
  });

  it('redirects with the query kept', () => {
    renderAt('/es/calculator?proceso=r1');
    expect(screen.getByTestId('where')).toHaveTextContent('/es/calculadora?proceso=r1');
  });

  it('renders the not-found page in the path language', () => {
    renderAt('/en/nothing-here');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/en');
  });

  it('the door tool has no site chrome; pages do', () => {
    renderAt('/abridor');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('follows the path language and the ES/EN links keep the page', async () => {
    renderAt('/es/instalaciones');
    expect(within(screen.getByRole('navigation')).getByRole('link', { name: 'Instalaciones' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // The accessible name holds the visible code (label in name, WCAG 2.5.3).
    expect(screen.getByRole('link', { name: 'ES – Español' })).toHaveTextContent('ES');
    expect(screen.getByRole('link', { name: 'ES – Español' })).toHaveAttribute('aria-current', 'true');
    // A real address: the link works in the server-rendered page before its scripts have run.
    expect(screen.getByRole('link', { name: 'EN – Inglés' })).toHaveAttribute('href', '/en/facilities');
    await userEvent.click(screen.getByRole('link', { name: 'EN – Inglés' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/en/facilities');
    expect(await within(screen.getByRole('navigation')).findByRole('link', { name: 'Facilities' })).toBeInTheDocument();
    expect(i18n.language).toBe('en');
    expect(localStorage.getItem('i18nextLng')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });
});
