import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDocumentMeta } from './document-meta';

describe('useDocumentMeta', () => {
  it('sets title, description, lang, canonical and hreflang alternates', () => {
    renderHook(() =>
      useDocumentMeta({ title: 'Instalaciones', description: 'Fotos y mapa', page: 'facilities', language: 'es' }),
    );
    expect(document.title).toBe('Instalaciones');
    expect(document.documentElement.lang).toBe('es');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Fotos y mapa');
    const href = (lang: string) => document.querySelector(`link[hreflang="${lang}"]`)?.getAttribute('href');
    expect(href('es')).toMatch(/\/es\/instalaciones$/);
    expect(href('en')).toMatch(/\/en\/facilities$/);
    expect(href('x-default')).toMatch(/\/es\/instalaciones$/);
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toMatch(/\/es\/instalaciones$/);
  });
});
