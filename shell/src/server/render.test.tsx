// @vitest-environment node
import { Writable } from 'node:stream';
import { DEMO_SITE_CONFIG } from 'shared-api/site';
import type { RemoteAppProps } from 'shared-i18n';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The federation's Node runtime stands in for the remotes' server containers: what each one
// answers (a component, an error, nothing for a long time) is the subject of these tests.
const runtime = vi.hoisted(() => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));
vi.mock('@module-federation/enhanced/runtime', () => runtime);

const { render } = await import('./render');
const { CLIENT_ONLY_DIGEST } = await import('../remotes/loader-context');

/** What a server container's ./App renders. */
function Home({ language }: RemoteAppProps) {
  return <h1>Portada en {language}</h1>;
}

/** A remote that starts by asking who is signed in, unless the request surely had nobody. */
function Gate({ signedOut }: RemoteAppProps) {
  return <p>{signedOut?.includes('staff') ? 'login' : 'checking'}</p>;
}

const MARKETING = { marketing: 'http://remotes.test/marketing/mf-manifest.json' };

async function renderPage(
  url: string,
  remotes: Record<string, string>,
  remoteBudgetMs = 100,
  acceptLanguage?: string,
  signedOut?: readonly 'staff'[],
) {
  const errors: { error: unknown; where: string }[] = [];
  const started = performance.now();
  const { ready, language, headScript } = await render({
    url,
    acceptLanguage,
    remotes,
    publicPaths: {},
    site: DEMO_SITE_CONFIG,
    nonce: 'nonce-1',
    remoteBudgetMs,
    signedOut,
    onError: (error, where) => errors.push({ error, where }),
  });
  const result = await ready;
  const readyAfterMs = performance.now() - started;
  const html = await new Promise<string>((resolve) => {
    let text = '';
    result.pipe(
      new Writable({
        write(chunk, _encoding, done) {
          text += String(chunk);
          done();
        },
        final(done) {
          resolve(text);
          done();
        },
      }),
    );
  });
  return { html, errors, readyAfterMs, language, headScript };
}

/** The page around the slot: header, navigation and footer, server-rendered in Spanish. */
function expectSiteChrome(html: string) {
  expect(html).toContain('href="/es/calculadora"');
  expect(html).toContain('Enlaces rápidos');
  expect(html).toContain('<footer');
}

beforeEach(() => {
  runtime.loadRemote.mockReset();
  runtime.registerRemotes.mockReset();
});

describe('the renderer with a remote that is fine, missing, throwing or slow', () => {
  it("renders the remote's page inside the site when its server output answers", async () => {
    runtime.loadRemote.mockResolvedValue({ default: Home });
    const { html, errors } = await renderPage('/es', MARKETING);
    expectSiteChrome(html);
    expect(html).toContain('<h1>Portada en <!-- -->es</h1>');
    expect(html).not.toContain('<!--$!-->');
    expect(errors).toEqual([]);
    expect(runtime.loadRemote).toHaveBeenCalledWith('marketing/App');
  });

  it('tells the remote which sessions the request surely had none of, as the gateway said', async () => {
    runtime.loadRemote.mockResolvedValue({ default: Gate });
    const office = { backoffice: 'http://remotes.test/backoffice/mf-manifest.json' };
    expect((await renderPage('/gestion', office, 100, undefined, ['staff'])).html).toContain('<p>login</p>');
    expect((await renderPage('/gestion', office, 100, undefined, [])).html).toContain('<p>checking</p>');
    // A gateway of before the field: unknown.
    expect((await renderPage('/gestion', office)).html).toContain('<p>checking</p>');
  });

  it('gives the head the capture that keeps a tap on Book a visit before the scripts, and marks the buttons', async () => {
    runtime.loadRemote.mockResolvedValue({ default: Home });
    const { html, headScript } = await renderPage('/es', MARKETING);
    expect(headScript).toContain('__claimEarlyClick');
    expect(headScript).toContain('"Un momento: se abrirá en cuanto la página esté lista."');
    // Not in the stream: there it would come after the buttons it is for.
    expect(html).not.toContain('__claimEarlyClick');
    const english = await renderPage('/en', MARKETING);
    expect(english.headScript).toContain('"One moment: it will open as soon as the page is ready."');
    expect(html).toContain('data-early-click=""');
  });

  it('leaves the slot to the browser when the server output throws, and says why', async () => {
    runtime.loadRemote.mockRejectedValue(new Error('container broke'));
    const { html, errors } = await renderPage('/es', MARKETING);
    expectSiteChrome(html);
    // React's mark for a boundary the browser renders, with the slot's loading box meanwhile.
    expect(html).toContain('<!--$!-->');
    expect(html).toContain('Cargando');
    expect(errors.map(({ where }) => where)).toContain('remote marketing');
    expect(errors.some(({ error }) => (error as Error).message === 'container broke')).toBe(true);
  });

  it('does not wait past the budget for a slow server output: the page comes, the slot goes to the browser', async () => {
    runtime.loadRemote.mockReturnValue(new Promise(() => undefined));
    const { html, errors, readyAfterMs } = await renderPage('/es', MARKETING, 100);
    expect(readyAfterMs).toBeLessThan(1000);
    expectSiteChrome(html);
    // The slot is the browser's, marked so in the page, or (on a busy machine, when the page's
    // own budget ran out first) in the script streamed after it: either way nothing waits.
    expect(html).toMatch(/<!--\$!-->|\$RX\("B:0",null,"Switched to client rendering/);
    expect(errors.some(({ error }) => /budget of 100 ms/.test((error as Error).message))).toBe(true);
  });

  it('renders a remote without server output in the browser, marked so that hydration does not report it', async () => {
    const { html } = await renderPage('/es', {});
    expectSiteChrome(html);
    expect(html).toContain('<!--$!-->');
    expect(html).toContain(CLIENT_ONLY_DIGEST);
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });
});

describe('the language of a page', () => {
  it('is its path’s, whatever the browser asks for', async () => {
    runtime.loadRemote.mockResolvedValue({ default: Home });
    const { html, language } = await renderPage('/es', MARKETING, 100, 'en-GB,en;q=0.9');
    expect(language).toBe('es');
    expect(html).toContain('<h1>Portada en <!-- -->es</h1>');
  });

  it('is the browser’s (Accept-Language) where the path names none, as the browser would choose', async () => {
    const english = await renderPage('/no-existe', {}, 100, 'fr-FR,fr;q=0.9,en;q=0.8');
    expect(english.language).toBe('en');
    expect(english.html).toContain('href="/en/calculator"');
    const spanish = await renderPage('/no-existe', {}, 100, undefined);
    expect(spanish.language).toBe('es');
    expect(spanish.html).toContain('href="/es/calculadora"');
  });
});
