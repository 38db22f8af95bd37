import { describe, expect, it } from 'vitest';
import { backofficePath, backofficeRoute, switchBackofficeLanguage } from './routes';

const id = '0b7f3c1e-2a4d-4c5b-9e8f-1a2b3c4d5e6f';

describe("the back-office's sections", () => {
  it('resolves each section in its language, and a registration by id', () => {
    expect(backofficeRoute('/gestion')).toEqual({ section: 'today' });
    expect(backofficeRoute('/gestion/altas')).toEqual({ section: 'registrations' });
    expect(backofficeRoute(`/gestion/altas/${id}`)).toEqual({ section: 'registrations', id });
    expect(backofficeRoute('/en/backoffice/units')).toEqual({ section: 'catalogue' });
    expect(backofficeRoute('/en/backoffice/waitlist')).toEqual({ section: 'waitlist' });
    expect(backofficeRoute(`/en/backoffice/registrations/${id}`)).toEqual({ section: 'registrations', id });
  });

  it('names no screen for crossed slugs, unknown sections, ids where none belong or malformed ids', () => {
    for (const path of [
      '/gestion/registrations',
      '/en/backoffice/altas',
      '/gestion/equipo/x',
      `/gestion/trasteros/${id}`,
      '/gestion/altas/not-an-id',
      `/gestion/altas/${id}/more`,
      '/es/calculadora',
    ]) {
      expect(backofficeRoute(path), path).toEqual({ section: null });
    }
  });

  it('builds paths and switches language keeping the section and the record', () => {
    expect(backofficePath('en', 'registrations', id)).toBe(`/en/backoffice/registrations/${id}`);
    expect(backofficePath('es')).toBe('/gestion');
    expect(switchBackofficeLanguage(`/gestion/altas/${id}`, '?q=1', 'en')).toBe(
      `/en/backoffice/registrations/${id}?q=1`,
    );
    expect(switchBackofficeLanguage('/en/backoffice/units', '', 'es')).toBe('/gestion/trasteros');
    expect(switchBackofficeLanguage('/gestion/nada', '', 'en')).toBe('/en/backoffice');
  });
});
