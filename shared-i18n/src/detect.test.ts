import { describe, expect, it } from 'vitest';
import { detectLanguage } from './detect';
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
