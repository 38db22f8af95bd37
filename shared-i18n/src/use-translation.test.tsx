// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { I18nProvider, useTranslation } from './use-translation';

async function instance() {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'es',
    resources: { es: { door: { hello: 'Hola' } }, en: { door: { hello: 'Hello' } } },
    interpolation: { escapeValue: false },
  });
  return i18n;
}

function Greeting({ fixed }: { fixed?: 'es' }) {
  const { t } = useTranslation('door', fixed ? { lng: fixed } : {});
  return <p data-testid={fixed ? 'fixed' : 'current'}>{t('hello')}</p>;
}

describe('useTranslation', () => {
  it('translates with the provided instance and renders again when its language changes', async () => {
    const i18n = await instance();
    render(
      <I18nProvider i18n={i18n}>
        <Greeting />
        <Greeting fixed="es" />
      </I18nProvider>,
    );
    expect(screen.getByTestId('current').textContent).toBe('Hola');
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByTestId('current').textContent).toBe('Hello');
    // A component in a fixed language (the door tool) stays in it.
    expect(screen.getByTestId('fixed').textContent).toBe('Hola');
  });
});
