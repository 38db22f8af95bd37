import { describe, expect, it } from 'vitest';
import {
  isKnownPath,
  languageFromPath,
  matchPath,
  PRIVATE_PAGES,
  pagePaths,
  pathFor,
  remoteForPath,
  switchLanguagePath,
} from './routes';

describe('matchPath', () => {
  it.each([
    ['/es', 'home', 'es'],
    ['/es/contratar', 'hire', 'es'],
    ['/en', 'home', 'en'],
    ['/en/hire', 'hire', 'en'],
    ['/es/calculadora', 'calculator', 'es'],
    ['/en/calculator', 'calculator', 'en'],
    ['/es/instalaciones', 'facilities', 'es'],
    ['/en/facilities', 'facilities', 'en'],
    ['/es/alta', 'signup', 'es'],
    ['/en/signup', 'signup', 'en'],
    ['/es/privacidad', 'privacy', 'es'],
    ['/en/privacy', 'privacy', 'en'],
    ['/en/privacy-policy', 'privacy', 'en'],
    ['/es/terminos', 'terms', 'es'],
    ['/en/terms', 'terms', 'en'],
    ['/en/terms-of-service', 'terms', 'en'],
    ['/es/calculadora/', 'calculator', 'es'],
  ])('%s is the %s page in %s', (path, page, lang) => {
    expect(matchPath(path)).toEqual({ kind: 'page', page, lang });
  });

  it.each([
    ['/', '/es'],
    ['/es/calculator', '/es/calculadora'],
    ['/es/facilities', '/es/instalaciones'],
    ['/en/instalaciones', '/en/facilities'],
  ])('%s redirects to %s', (path, to) => {
    expect(matchPath(path)).toEqual({ kind: 'redirect', to });
  });

  it.each([
    ['/es/alta/cliente', 'client-data'],
    ['/es/alta/verificacion', 'verification'],
    ['/es/alta/documentos', 'documents'],
    ['/es/alta/servicios', 'service-details'],
    ['/es/alta/revision', 'review'],
    ['/en/signup/client', 'client-data'],
    ['/en/signup/verification', 'verification'],
    ['/en/signup/documents', 'documents'],
    ['/en/signup/services', 'service-details'],
    ['/en/signup/review', 'review'],
  ])('%s is the sign-up step %s', (path, step) => {
    expect(matchPath(path)).toMatchObject({ kind: 'page', page: 'signup', step });
  });

  it('knows the door tool outside the language prefix', () => {
    expect(matchPath('/abridor')).toEqual({ kind: 'door', page: 'door' });
    expect(matchPath('/abridor-login')).toEqual({ kind: 'door', page: 'door-login' });
  });

  it.each([
    '/fr',
    '/es/nope',
    '/en/calculadora',
    '/es/alta/client',
    '/en/signup/cliente',
    '/es/alta/cliente/extra',
    '/es/calculadora/extra',
    '/abridor/x',
    '/es/',
  ])('%s is outside the route table unless listed', (path) => {
    if (path === '/es/') {
      expect(isKnownPath(path)).toBe(true);
      return;
    }
    expect(isKnownPath(path)).toBe(false);
  });
});

describe('pathFor', () => {
  it('builds localized paths', () => {
    expect(pathFor('home', 'es')).toBe('/es');
    expect(pathFor('calculator', 'en')).toBe('/en/calculator');
    expect(pathFor('signup', 'es', 'documents')).toBe('/es/alta/documentos');
  });
});

describe('switchLanguagePath', () => {
  it('keeps the page, the sign-up step and the query', () => {
    expect(switchLanguagePath('/es/calculadora', '?proceso=abc', 'en')).toBe('/en/calculator?proceso=abc');
    expect(switchLanguagePath('/en/signup/review', '', 'es')).toBe('/es/alta/revision');
    expect(switchLanguagePath('/es/contratar', '', 'en')).toBe('/en/hire');
    expect(switchLanguagePath('/en/privacy-policy', '', 'es')).toBe('/es/privacidad');
  });

  it('sends an unknown page to the home of the new language', () => {
    expect(switchLanguagePath('/es/nope', '', 'en')).toBe('/en');
  });
});

describe('pagePaths', () => {
  it('lists both languages and the rendered aliases', () => {
    expect(pagePaths('privacy')).toEqual(['/es/privacidad', '/en/privacy', '/en/privacy-policy']);
    expect(pagePaths('signup')).toHaveLength(12);
    for (const path of pagePaths('signup')) expect(matchPath(path)).toMatchObject({ kind: 'page', page: 'signup' });
  });
});

describe('remoteForPath', () => {
  it.each([
    ['/es/contratar', 'marketing'],
    ['/en/privacy-policy', 'marketing'],
    ['/es/calculadora', 'calculator'],
    ['/en/signup/review', 'signup'],
    ['/abridor-login', 'door'],
    ['/es/nope', null],
    ['/', null],
  ])('%s needs %s', (path, remote) => expect(remoteForPath(path)).toBe(remote));
});

describe('the waitlist entry’s private page', () => {
  const token = `${'aB3_-'.repeat(8)}xyz`;
  it('needs its token, in either language', () => {
    expect(matchPath(`/es/lista-espera/${token}`)).toEqual({ kind: 'page', page: 'waitlist', lang: 'es', token });
    expect(matchPath(`/en/waitlist/${token}`)).toEqual({ kind: 'page', page: 'waitlist', lang: 'en', token });
    expect(matchPath('/es/lista-espera').kind).toBe('not-found');
    expect(matchPath('/es/lista-espera/short').kind).toBe('not-found');
    expect(matchPath(`/es/lista-espera/${token}/more`).kind).toBe('not-found');
    expect(remoteForPath(`/en/waitlist/${token}`)).toBe('calculator');
  });

  it('keeps the token when the language changes, and routes it in both languages', () => {
    expect(switchLanguagePath(`/es/lista-espera/${token}`, '', 'en')).toBe(`/en/waitlist/${token}`);
    expect(pagePaths('waitlist')).toEqual(['/es/lista-espera/:token', '/en/waitlist/:token']);
    expect(pathFor('waitlist', 'en', undefined, token)).toBe(`/en/waitlist/${token}`);
  });
});

describe("the tenant's account", () => {
  it("is the account remote's page in either language, and nothing below it", () => {
    expect(matchPath('/es/mi-cuenta')).toEqual({ kind: 'page', page: 'account', lang: 'es' });
    expect(matchPath('/en/account/')).toEqual({ kind: 'page', page: 'account', lang: 'en' });
    expect(matchPath('/es/mi-cuenta/facturas').kind).toBe('not-found');
    expect(matchPath('/es/account').kind).toBe('not-found');
    expect(remoteForPath('/en/account')).toBe('account');
    expect(switchLanguagePath('/es/mi-cuenta', '', 'en')).toBe('/en/account');
    expect(PRIVATE_PAGES.has('account')).toBe(true);
  });
});

describe('the back-office routes', () => {
  it('hands everything under /gestion and /en/backoffice to the back-office, in its language', () => {
    expect(matchPath('/gestion')).toEqual({ kind: 'backoffice', lang: 'es', rest: [] });
    expect(matchPath('/gestion/altas/abc/')).toEqual({ kind: 'backoffice', lang: 'es', rest: ['altas', 'abc'] });
    expect(matchPath('/en/backoffice')).toEqual({ kind: 'backoffice', lang: 'en', rest: [] });
    expect(matchPath('/en/backoffice/units')).toEqual({ kind: 'backoffice', lang: 'en', rest: ['units'] });
    expect(matchPath('/es/backoffice').kind).toBe('not-found');
    expect(matchPath('/gestionar').kind).toBe('not-found');
    expect(remoteForPath('/gestion/altas')).toBe('backoffice');
    expect(remoteForPath('/en/backoffice')).toBe('backoffice');
    expect(switchLanguagePath('/gestion/altas', '', 'en')).toBe('/en/backoffice');
  });

  it('names the language of its paths (a browser in English still gets /gestion in Spanish)', () => {
    expect(languageFromPath('/gestion/altas')).toBe('es');
    expect(languageFromPath('/en/backoffice/units')).toBe('en');
    expect(languageFromPath('/gestionar')).toBeNull();
  });
});
