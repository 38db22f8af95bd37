import { describe, expect, it } from 'vitest';
import { readHoisted, readPageTemplate } from './page-template';

const TEMPLATE = [
  '<!doctype html><html lang="es"><head><meta charset="utf-8">',
  '<meta name="description" content="Plantilla" data-fallback>',
  '<title data-fallback>Trasteros</title>',
  '<script defer src="/static/js/main.1.js"></script><script defer src="/static/js/two.2.js"></script>',
  '</head><body><noscript>Esta web necesita JavaScript.</noscript>\n<div id="root"></div></body></html>',
].join('');

describe('the page template, read with an HTML parser', () => {
  it('writes the language and the head, and leaves the rest as the build wrote it', () => {
    const page = readPageTemplate(TEMPLATE).page({ language: 'en', head: ['<link rel="x" href="/a">'] });
    expect(page).toBe(TEMPLATE.replace('lang="es"', 'lang="en"').replace('</head>', '<link rel="x" href="/a"></head>'));
    // Nothing asked, nothing changed.
    expect(readPageTemplate(TEMPLATE).page({})).toBe(TEMPLATE);
  });

  it('marks a server-rendered page, drops the scripts-only notice and puts the page in the root', () => {
    const page = readPageTemplate(TEMPLATE).page({ language: 'es', serverRendered: true }, '<main>Hola</main>');
    expect(page).toContain('<html data-ssr lang="es">');
    expect(page).not.toContain('noscript');
    expect(page).toContain('<div id="root"><main>Hola</main></div></body>');
  });

  it("gives the template's title and description way to the page's own, and only those it has", () => {
    const template = readPageTemplate(TEMPLATE);
    const both = template.page({
      hoisted: {
        html: '<title>Calculadora</title><meta name="description" content="Mide">',
        title: true,
        description: true,
      },
    });
    expect(both).not.toContain('Plantilla');
    expect(both).not.toContain('<title data-fallback>');
    expect(both).toContain('<title>Calculadora</title><meta name="description" content="Mide"></head>');
    const titleOnly = template.page({ hoisted: { html: '<title>Alta</title>', title: true, description: false } });
    expect(titleOnly).toContain('content="Plantilla"');
    expect(titleOnly).not.toContain('Trasteros</title>');
  });

  it('moves the scripts to a loader that runs after the first paint, in order, with the nonce', () => {
    const page = readPageTemplate(TEMPLATE).page({ scriptsAfterPaint: { nonce: 'n0nce', preloads: ['/r/App.js'] } });
    expect(page).not.toContain('<script defer');
    const loader = page.slice(page.indexOf('<script nonce="n0nce">'), page.indexOf('</body>'));
    // Each fetched first as a preload, the page's own scripts first (a script element added by a
    // script would be fetched at low priority), the route's remote after them; then run in order.
    expect(loader).toContain('["/static/js/main.1.js","/static/js/two.2.js","/r/App.js"].forEach(function(href)');
    expect(loader.indexOf("l.rel='preload'")).toBeLessThan(loader.indexOf('s.async=false'));
    expect(loader).toContain('["/static/js/main.1.js","/static/js/two.2.js"].forEach(function(src)');
    expect(page.endsWith('</script></body></html>')).toBe(true);
  });

  it('splits the page around the root for a streamed render', () => {
    const { before, after } = readPageTemplate(TEMPLATE).aroundRoot({
      serverRendered: true,
      scriptsAfterPaint: { nonce: 'n' },
    });
    expect(before.endsWith('<div id="root">')).toBe(true);
    expect(after.startsWith('</div>')).toBe(true);
    expect(after).toContain('<script nonce="n">');
    expect(before).not.toContain('<script defer');
  });

  it('reads markup in text as text: a title that spells a tag, a $& in the head', () => {
    const tricky = TEMPLATE.replace('Trasteros</title>', '&lt;/head&gt; &lt;div id="root"&gt;</title>');
    const page = readPageTemplate(tricky).page({ head: ['<meta name="x" content="$&">'] }, 'ok');
    expect(page).toContain('&lt;/head&gt; &lt;div id="root"&gt;</title>');
    expect(page).toContain('<meta name="x" content="$&"></head>');
    expect(page).toContain('<div id="root">ok</div>');
  });

  it('has no root to render into when the root is not empty or missing', () => {
    expect(readPageTemplate(TEMPLATE.replace('<div id="root"></div>', '<div id="root"><p>x</p></div>')).hasRoot).toBe(
      false,
    );
    expect(readPageTemplate(TEMPLATE.replace('<div id="root"></div>', '')).hasRoot).toBe(false);
    expect(readPageTemplate(TEMPLATE).hasRoot).toBe(true);
  });
});

describe("the tags React hoists to the start of a page's output", () => {
  it('are the leading title, meta and link elements, and what follows is the page', () => {
    const output =
      '<title>Calculadora</title><meta name="description" content="Mide"/><link rel="canonical" href="/x"/><div>page</div>';
    const hoisted = readHoisted(output, false);
    expect(hoisted).toEqual({
      html: '<title>Calculadora</title><meta name="description" content="Mide"/><link rel="canonical" href="/x"/>',
      title: true,
      description: true,
      bodyStart: output.indexOf('<div>'),
    });
  });

  it('waits for the next chunk while a hoisted tag may be cut, and not once the page has started', () => {
    expect(readHoisted('<title>Calcu', false)).toBeNull();
    expect(readHoisted('<title>Calculadora</title><me', false)).toBeNull();
    expect(readHoisted('<title>Calculadora</title>', false)).toBeNull();
    expect(readHoisted('<title>Calculadora</title>', true)).toMatchObject({ title: true, bodyStart: 26 });
    expect(readHoisted('<div>page', false)).toEqual({ html: '', title: false, description: false, bodyStart: 0 });
    expect(readHoisted('text first', false)).toMatchObject({ html: '', bodyStart: 0 });
  });

  it('stops at the first element that is not hoisted, even if a title follows it', () => {
    const output = '<main><title>inside</title></main>';
    expect(readHoisted(output, true)).toEqual({ html: '', title: false, description: false, bodyStart: 0 });
  });
});
