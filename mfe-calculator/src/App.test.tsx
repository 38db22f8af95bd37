import { screen } from '@testing-library/react';
import { renderRemote } from 'shared-ui/testing';
import { describe, expect, it } from 'vitest';
import App from './App';

describe('calculator remote', () => {
  it.each([
    ['/es/calculadora', 'es', 'Calculadora de volumen'],
    ['/en/calculator', 'en', 'Volume calculator'],
  ] as const)('%s shows its translated heading', async (path, lang, heading) => {
    await renderRemote(App, path, lang);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(heading);
  });
});
