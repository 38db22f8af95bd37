import { afterEach, describe, expect, it } from 'vitest';
import { preloadTexts, textScripts } from './texts-preload';

const MANIFEST = 'http://localhost/remotes/signup/mf-manifest.json';
const manifest = {
  metaData: {
    languageScripts: {
      es: ['static/js/texts-es.1.js', '../../static/js/main.js', '//elsewhere.example/x.js', 42],
      en: ['static/js/texts-en.1.js'],
    },
  },
};
const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => [link.as, link.href]);

afterEach(() => {
  document.head.innerHTML = '';
  document.documentElement.lang = '';
});

describe("a remote's texts preloaded with its manifest", () => {
  it("names the page language's scripts beside the manifest, nothing outside its release", () => {
    expect(textScripts(MANIFEST, manifest, 'es')).toEqual(['http://localhost/remotes/signup/static/js/texts-es.1.js']);
    expect(textScripts(MANIFEST, manifest, 'de')).toEqual([]);
    expect(textScripts(MANIFEST, { metaData: {} }, 'es')).toEqual([]);
    expect(textScripts(MANIFEST, null, 'es')).toEqual([]);
  });

  it('preloads them once, for a manifest only', async () => {
    document.documentElement.lang = 'en';
    const answer = () => new Response(JSON.stringify(manifest), { headers: { 'content-type': 'application/json' } });
    await preloadTexts(MANIFEST, answer());
    await preloadTexts(MANIFEST, answer());
    expect(preloads()).toEqual([['script', 'http://localhost/remotes/signup/static/js/texts-en.1.js']]);

    document.head.innerHTML = '';
    await preloadTexts('http://localhost/remotes/signup/other.json', answer());
    await preloadTexts(MANIFEST, new Response('not json'));
    await preloadTexts(MANIFEST, new Response(JSON.stringify(manifest), { status: 404 }));
    expect(preloads()).toEqual([]);
  });

  it('leaves the response readable by the runtime', async () => {
    document.documentElement.lang = 'es';
    const response = new Response(JSON.stringify(manifest));
    await preloadTexts(MANIFEST, response);
    expect(await response.json()).toEqual(manifest);
  });
});
