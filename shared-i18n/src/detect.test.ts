import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectBrowserLanguage, detectLanguage, storedLanguage } from './detect';
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
