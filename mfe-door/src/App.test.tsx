import { screen } from '@testing-library/react';
import { renderRemote } from 'shared-ui/testing';
import { describe, expect, it } from 'vitest';
import App from './App';

describe('door remote', () => {
  it('is Spanish whatever the page language', async () => {
    await renderRemote(App, '/abridor', 'en');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Control de Acceso');
  });
  it('has the magic-link page', async () => {
    await renderRemote(App, '/abridor-login?token=abc', 'es');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Acceso con enlace');
  });
});
