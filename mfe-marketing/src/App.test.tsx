import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEMO_SITE_CONFIG } from 'shared-api/site';
import { VISIT_BOOKING_EVENT } from 'shared-ui/scheduling';
import { setSiteConfig } from 'shared-ui/site';
import { renderRemote } from 'shared-ui/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import App from './App';

beforeEach(() => setSiteConfig(DEMO_SITE_CONFIG));
afterEach(() => {
  delete window.google;
  vi.restoreAllMocks();
});

describe('marketing remote', () => {
  it.each([
    ['/es', 'es', 'Trasteros y guardamuebles desde 1 euro al día'],
    ['/en/hire', 'en', 'Rent your storage unit online'],
    ['/es/contratar', 'es', 'Contrata tu trastero en línea'],
    ['/es/instalaciones', 'es', 'Nuestras instalaciones'],
    ['/en/privacy-policy', 'en', 'Privacy policy'],
    ['/es/terminos', 'es', 'Términos y condiciones'],
  ] as const)('%s shows its translated heading', async (path, lang, heading) => {
    await renderRemote(App, path, lang);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(heading);
  });

  it('home has five features, three starred reviews, the statistics and the three storage kinds', async () => {
    await renderRemote(App, '/en', 'en');
    expect(within(screen.getByTestId('features')).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByRole('heading', { name: 'Convenient' })).toBeInTheDocument();
    expect(within(screen.getByTestId('reviews')).getAllByRole('img', { name: /out of 5 stars/ })).toHaveLength(3);
    const stats = screen.getByTestId('stats');
    for (const figure of ['55', '15', 'over 300']) expect(stats).toHaveTextContent(figure);
    expect(screen.getByRole('heading', { name: 'Furniture storage' })).toBeInTheDocument();
    expect(screen.getByText('From 1 euro per day')).toBeInTheDocument();
  });

  it('the hire page, where the banner leads, starts with how to rent online and the way in', async () => {
    await renderRemote(App, '/es/contratar', 'es');
    const hire = screen.getByTestId('how-to-hire');
    expect(within(hire).getAllByRole('listitem')).toHaveLength(3);
    expect(within(hire).getByText(/un mes gratis al contratar 6 meses/)).toBeInTheDocument();
    expect(within(hire).getByRole('link', { name: 'Calcular mi espacio' })).toHaveAttribute('href', '/es/calculadora');
    // Before the features: it is what the visitor came for.
    expect(
      hire.compareDocumentPosition(screen.getByTestId('features')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(document.title).toContain('Contrata tu trastero en línea');
  });

  it('Learn more asks for the voice assistant; Book a visit without a scheduling page asks for the own booking', async () => {
    const heard = vi.fn();
    const booking = vi.fn();
    window.addEventListener('voice-assistant:open', heard);
    window.addEventListener(VISIT_BOOKING_EVENT, booking);
    await renderRemote(App, '/es', 'es');
    await userEvent.click(screen.getByRole('button', { name: 'Saber más' }));
    expect(heard).toHaveBeenCalledTimes(1);
    // A link to the booking page without scripts; with them, the click opens the site's booking.
    const book = screen.getByRole('link', { name: 'Reservar visita' });
    expect(book).toHaveAttribute('href', '/functions/v1/visit-booking?lang=es');
    await userEvent.click(book);
    expect(booking).toHaveBeenCalledTimes(1);
    window.removeEventListener('voice-assistant:open', heard);
    window.removeEventListener(VISIT_BOOKING_EVENT, booking);
  });

  it('facilities: four sized, lazy images and a lightbox driven by the keyboard', async () => {
    await renderRemote(App, '/es/instalaciones', 'es');
    const thumbs = screen.getAllByRole('link', { name: /^Ampliar:/ });
    expect(thumbs).toHaveLength(4);
    for (const img of screen.getAllByRole('img').filter((i) => i.getAttribute('loading') === 'lazy')) {
      expect(img).toHaveAttribute('width', '1200');
      expect(img).toHaveAttribute('height', '800');
      expect(img.getAttribute('alt')).not.toBe('');
    }
    await userEvent.click(thumbs[1] as HTMLElement);
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Imagen 2 de 4');
    await userEvent.keyboard('{ArrowRight}');
    expect(dialog).toHaveTextContent('Imagen 3 de 4');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(dialog).toHaveTextContent('Imagen 4 de 4');
    expect(screen.getByRole('navigation', { name: 'Ruta de navegación' })).toHaveTextContent(
      'InicioNuestras instalaciones',
    );
  });

  it('without a maps key shows the address and a directions link, no map', async () => {
    await renderRemote(App, '/en/facilities', 'en');
    expect(screen.queryByTestId('map')).not.toBeInTheDocument();
    expect(
      screen.getByText(/Calle Ejemplo, 1, 29000 Pueblo de Ejemplo/, { selector: 'address span' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get directions' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=36.7213,-4.4214',
    );
  });

  it('with a key shows the map with a marker and an info window with the address', async () => {
    const created: string[] = [];
    const infoContent: string[] = [];
    window.google = {
      maps: {
        Map: class {
          constructor() {
            created.push('map');
          }
        },
        Marker: class {
          constructor() {
            created.push('marker');
          }
          addListener() {}
        },
        InfoWindow: class {
          constructor({ content }: { content: string }) {
            infoContent.push(content);
          }
          open() {
            created.push('info-open');
          }
        },
      },
    };
    setSiteConfig({ ...DEMO_SITE_CONFIG, map: { ...DEMO_SITE_CONFIG.map, apiKey: 'test-key' } });
    await renderRemote(App, '/es/instalaciones', 'es');
    await act(async () => {});
    expect(screen.getByTestId('map')).toBeInTheDocument();
    expect(created).toEqual(['map', 'marker', 'info-open']);
    expect(infoContent[0]).toContain('Calle Ejemplo, 1');
  });

  it('legal pages name the company from the configuration and carry the date', async () => {
    setSiteConfig({ ...DEMO_SITE_CONFIG, legalName: 'Almacenes Ejemplo, S.L.', taxId: 'B12345678' });
    await renderRemote(App, '/es/terminos', 'es');
    expect(screen.getByText('Última actualización: mayo de 2024')).toBeInTheDocument();
    expect(screen.getByText(/Almacenes Ejemplo, S\.L\., con NIF B12345678/)).toBeInTheDocument();
    expect(screen.getByText(/materiales peligrosos, perecederos o ilegales/)).toBeInTheDocument();
    expect(screen.getByText(/negligencia probada/)).toBeInTheDocument();
    expect(screen.getByText(/ley española/)).toBeInTheDocument();
  });
});
