import { screen } from '@testing-library/react';
import { renderRemote } from 'shared-ui/testing';
import { describe, expect, it } from 'vitest';
import App from './App';

describe('marketing remote', () => {
  it.each([
    ['/es', 'es', 'Trasteros y guardamuebles desde 1 euro al día'],
    ['/en/hire', 'en', 'Storage units and furniture storage from 1 euro per day'],
    ['/es/instalaciones', 'es', 'Nuestras instalaciones'],
    ['/en/privacy-policy', 'en', 'Privacy policy'],
    ['/es/terminos', 'es', 'Términos y condiciones'],
  ] as const)('%s shows its translated heading', async (path, lang, heading) => {
    await renderRemote(App, path, lang);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(heading);
  });
});
