import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import type { RemoteAppProps } from 'shared-i18n';
import { addNamespace, i18n, initI18n, useTranslation } from 'shared-i18n';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { commonResources } from '../i18n/common';
import { RemoteLoaderContext } from './loader-context';
import { RemoteSlot } from './RemoteSlot';

beforeAll(async () => {
  await initI18n('es', { es: { common: commonResources.es }, en: { common: commonResources.en } });
  await i18n.changeLanguage('es');
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

/** The slot with a stand-in loader, as the server renderer provides its own. */
function slot(
  name: 'calculator' | 'signup',
  load: () => Promise<ComponentType<RemoteAppProps>>,
  reset: (name: string) => void = () => {},
) {
  return (
    <RemoteLoaderContext.Provider value={{ load, reset, retriesOnce: true }}>
      <RemoteSlot name={name} language="es" />
    </RemoteLoaderContext.Provider>
  );
}

/** A remote's texts are its name's namespace (`signup`), not one of the shell's typed ones. */
const Greeting: ComponentType<RemoteAppProps> = () => {
  const { t } = useTranslation('signup' as 'common');
  return <h1>{t('hello' as never)}</h1>;
};
const Working: ComponentType<RemoteAppProps> = ({ language }) => <h1>remote in {language}</h1>;
const Door: ComponentType<RemoteAppProps> = () => <h1>Abridor</h1>;
const Throwing: ComponentType<RemoteAppProps> = () => {
  throw new Error('render bug');
};

describe('RemoteSlot', () => {
  it("shows a remote that fetches its texts per language once they are in, in the page's language only", async () => {
    let asked = false;
    let giveTexts: (texts: Record<string, unknown>) => void = () => {};
    const english = vi.fn(async () => ({ hello: 'Hello' }));
    // As a remote's module does when it is evaluated: its texts are fetched on demand.
    const load = async () => {
      addNamespace('signup', {
        es: () => {
          asked = true;
          return new Promise<Record<string, unknown>>((resolve) => {
            giveTexts = resolve;
          });
        },
        en: english,
      });
      return Greeting;
    };
    render(slot('signup', load));
    await vi.waitFor(() => expect(asked).toBe(true));
    // Not a heading of raw keys meanwhile: still loading.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByRole('status')).toHaveTextContent('Cargando…');
    expect(screen.queryByRole('heading')).toBeNull();
    giveTexts({ hello: 'Hola' });
    expect(await screen.findByRole('heading', { name: 'Hola' })).toBeInTheDocument();
    expect(english).not.toHaveBeenCalled();
  });

  it('renders the remote once it has loaded', async () => {
    render(slot('calculator', async () => Working));
    expect(screen.getByRole('status')).toHaveTextContent('Cargando…');
    expect(await screen.findByRole('heading', { name: 'remote in es' })).toBeInTheDocument();
  });

  it('a load that fails once is tried again by itself: no fallback, no tap', async () => {
    const load = vi
      .fn<() => Promise<ComponentType<RemoteAppProps>>>()
      .mockRejectedValueOnce(new Error('socket hang up'))
      .mockResolvedValue(Working);
    const reset = vi.fn();
    render(slot('calculator', load, reset));
    expect(await screen.findByRole('heading', { name: 'remote in es' })).toBeInTheDocument();
    expect(reset).toHaveBeenCalledWith('calculator');
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
  });

  it('shows the translated fallback when loading fails twice, and Retry loads again', async () => {
    const load = vi
      .fn<() => Promise<ComponentType<RemoteAppProps>>>()
      .mockRejectedValueOnce(new Error('down'))
      .mockRejectedValueOnce(new Error('still down'))
      .mockResolvedValue(Working);
    const reset = vi.fn();
    render(
      <main id="main" tabIndex={-1}>
        {slot('calculator', load, reset)}
      </main>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Esta sección no se ha podido cargar');
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(reset).toHaveBeenCalledWith('calculator');
    expect(await screen.findByRole('heading', { name: 'remote in es' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(3);
    // The Retry button is gone: focus is on the main area, not lost to the page's start.
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('contains a remote that throws while rendering', async () => {
    render(
      <>
        <p>header stays</p>
        {slot('signup', async () => Throwing)}
      </>,
    );
    expect(await screen.findByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    expect(screen.getByText('header stays')).toBeInTheDocument();
  });

  it('after Retry on a page without the site layout (the door), focus goes to the remote once it is there', async () => {
    const load = vi
      .fn<() => Promise<ComponentType<RemoteAppProps>>>()
      .mockRejectedValueOnce(new Error('down'))
      .mockRejectedValueOnce(new Error('still down'))
      .mockResolvedValue(Door);
    render(slot('calculator', load));
    await userEvent.click(await screen.findByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { name: 'Abridor' })).toHaveFocus();
  });
});
