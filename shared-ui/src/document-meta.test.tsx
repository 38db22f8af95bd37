import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DocumentMeta } from './document-meta';

describe('DocumentMeta', () => {
  it('puts title and description in the head and sets lang, canonical and hreflang alternates', () => {
    document.head.innerHTML =
      '<title data-fallback>Trasteros</title><meta name="description" content="genérica" data-fallback>';
    const { rerender } = render(
      <DocumentMeta title="Instalaciones" description="Fotos y mapa" page="facilities" language="es" />,
    );
    expect(document.title).toBe('Instalaciones');
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Fotos y mapa');
    expect(document.documentElement.lang).toBe('es');
    const href = (lang: string) => document.querySelector(`link[hreflang="${lang}"]`)?.getAttribute('href');
    expect(href('es')).toMatch(/\/es\/instalaciones$/);
    expect(href('en')).toMatch(/\/en\/facilities$/);
    expect(href('x-default')).toMatch(/\/es\/instalaciones$/);
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toMatch(/\/es\/instalaciones$/);

    // The visitor moves on: one title, one description, one canonical, all of the new page.
    rerender(<DocumentMeta title="Facilities" description="Photos and map" page="facilities" language="en" />);
    expect(document.title).toBe('Facilities');
    expect(document.querySelectorAll('title')).toHaveLength(1);
    expect(document.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toMatch(/\/en\/facilities$/);
    expect(document.documentElement.lang).toBe('en');
  });

  it('renders title and description at the start of the server HTML, for the gateway to lift into the head', () => {
    const html = renderToString(
      <main>
        <DocumentMeta title="Calculadora · Trasteros" description="Calcule el volumen" language="es" />
        <h1>Calculadora</h1>
      </main>,
    );
    expect(html).toMatch(
      /^<title>Calculadora · Trasteros<\/title><meta name="description" content="Calcule el volumen"\/>/,
    );
  });
});
