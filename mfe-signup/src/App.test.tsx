import { screen } from '@testing-library/react';
import { renderRemote } from 'shared-ui/testing';
import { describe, expect, it } from 'vitest';
import App from './App';

describe('signup remote', () => {
  it.each([
    ['/es/alta', 'es', 'Registro de Cliente', 'Alquila tu trastero en línea en cinco pasos.'],
    ['/es/alta/documentos', 'es', 'Registro de Cliente', 'Documentos'],
    ['/en/signup/services', 'en', 'Client Registration', 'Service details'],
  ] as const)('%s shows the title and the step', async (path, lang, title, step) => {
    await renderRemote(App, path, lang);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
    expect(screen.getByText(step)).toBeInTheDocument();
  });
});
