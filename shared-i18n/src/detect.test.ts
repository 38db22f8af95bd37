import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectBrowserLanguage, detectLanguage, languagesFromHeader, storedLanguage } from './detect';
import { languageOf } from './languages';

describe('detectLanguage', () => {
  it('takes the path first', () => {
    expect(detectLanguage({ pathname: '/en/calculator', browserLanguages: ['es-ES'], stored: 'es' })).toBe('en');
  });
  it('then the browser language, only its language part', () => {
    expect(detectLanguage({ pathname: '/abridor', browserLanguages: ['fr-FR', 'en-GB'], stored: 'es' })).toBe('en');
  });
  it('then local storage', () => {
    expect(detectLanguage({ pathname: '/', browserLanguages: ['de-DE'], stored: 'en-US' })).toBe('en');
  });
  it('falls back to Spanish', () => {
    expect(detectLanguage({ pathname: '/', browserLanguages: [], stored: null })).toBe('es');
  });
});

describe('languageOf', () => {
  it.each([
    ['en-GB', 'en'],
    ['ES_es', 'es'],
    ['fr', null],
    ['', null],
  ])('%s → %s', (code, lang) => expect(languageOf(code)).toBe(lang));
});

describe('detectBrowserLanguage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the browser languages, then the remembered one', () => {
    vi.stubGlobal('navigator', { languages: ['de-DE'] });
    vi.stubGlobal('localStorage', { getItem: () => 'en' });
    expect(detectBrowserLanguage('/abridor')).toBe('en');
    expect(detectBrowserLanguage('/es/calculadora')).toBe('es');
  });

  it('survives storage that throws (private mode)', () => {
    vi.stubGlobal('navigator', { languages: [] });
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('denied');
      },
    });
    expect(storedLanguage()).toBeNull();
    expect(detectBrowserLanguage('/')).toBe('es');
  });
});

describe('languagesFromHeader', () => {
  it('orders an Accept-Language header by preference, as navigator.languages', () => {
    expect(languagesFromHeader('fr-FR,fr;q=0.9,en;q=0.8,es;q=0.7')).toEqual(['fr-FR', 'fr', 'en', 'es']);
    expect(languagesFromHeader('es;q=0.5, en-GB')).toEqual(['en-GB', 'es']);
    expect(languagesFromHeader('de;q=0.8,en;q=0.8')).toEqual(['de', 'en']);
  });

  it('leaves out what asks for nothing: no header, *, q=0, empty parts', () => {
    expect(languagesFromHeader(undefined)).toEqual([]);
    expect(languagesFromHeader('')).toEqual([]);
    expect(languagesFromHeader('*, en;q=0, ,es')).toEqual(['es']);
  });

  it('gives the server the browser’s choice of language for a path without one', () => {
    const browserLanguages = languagesFromHeader('en-GB,en;q=0.9');
    expect(detectLanguage({ pathname: '/no-existe', browserLanguages, stored: null })).toBe('en');
    expect(detectLanguage({ pathname: '/es/alta', browserLanguages, stored: null })).toBe('es');
  });
});
