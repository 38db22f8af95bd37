import type { Browser, Page } from '@playwright/test';
import { DOOR_STANDALONE_URL, E2E_DOOR_ADMIN, E2E_MANAGER, GATEWAY_URL } from '../ports';
import { applicant, ES, fillClientData } from './signup-steps';
import { expect, test, waitingForHydration } from './test';

/** Every public route's first HTML, as curl gets it: title, heading, language, canonical. */
const PAGES: {
  path: string;
  /** Another origin than the gateway's (the standalone door app's). */
  origin?: string;
  lang: string;
  title: RegExp;
  heading: RegExp;
  canonical?: false;
  chrome?: false;
  /** One person's page: never indexed. */
  personal?: true;
}[] = [
  {
    path: '/es',
    lang: 'es',
    title: /^Trasteros Demo · Trasteros y guardamuebles/,
    heading: /desde 1 euro al día/,
  },
  {
    path: '/en',
    lang: 'en',
    title: /^Trasteros Demo · Storage units/,
    heading: /from 1 euro per day/,
  },
  {
    path: '/es/instalaciones',
    lang: 'es',
    title: /^Nuestras instalaciones · /,
    heading: /Nuestras instalaciones/,
  },
  {
    path: '/en/facilities',
    lang: 'en',
    title: /^Our facilities · /,
    heading: /Our facilities/,
  },
  {
    path: '/es/calculadora',
    lang: 'es',
    title: /^Calculadora de volumen · /,
    heading: /Calculadora de volumen/,
  },
  {
    path: '/en/calculator',
    lang: 'en',
    title: /^Volume calculator · /,
    heading: /Volume calculator/,
  },
  {
    path: '/es/privacidad',
    lang: 'es',
    title: /^Política de privacidad · /,
    heading: /Política de privacidad/,
  },
  {
    path: '/en/terms',
    lang: 'en',
    title: /^Terms and conditions · /,
    heading: /Terms and conditions/,
  },
  {
    path: '/es/alta',
    lang: 'es',
    title: /^Registro de Cliente · /,
    heading: /Registro de Cliente/,
  },
  {
    path: '/en/signup',
    lang: 'en',
    title: /^Client Registration · /,
    heading: /Client Registration/,
  },
  // The tenant's account: one person's, so never canonical or indexed; signing in happens in the browser.
  {
    path: '/es/mi-cuenta',
    lang: 'es',
    title: /^Mi cuenta · /,
    heading: /^Mi cuenta$/,
    canonical: false,
    personal: true,
  },
  {
    path: '/en/account',
    lang: 'en',
    title: /^My account · /,
    heading: /^My account$/,
    canonical: false,
    personal: true,
  },
  { path: '/es/no-existe', lang: 'es', title: /^Página no encontrada · /, heading: /404/, canonical: false },
  { path: '/en/no-such-page', lang: 'en', title: /^Page not found · /, heading: /404/, canonical: false },
  // The door tool: a staff keypad without the site's chrome.
  {
    path: '/abridor',
    lang: 'es',
    title: /^Control de Acceso · /,
    heading: /Control de Acceso/,
    canonical: false,
    chrome: false,
  },
  // The same tool on its own origin, without the shell: rendered by that origin.
  {
    path: '/abridor',
    origin: DOOR_STANDALONE_URL,
    lang: 'es',
    title: /^Control de Acceso · /,
    heading: /Control de Acceso/,
    canonical: false,
    chrome: false,
  },
];

/**
 * A 360 px phone on `path` with code held back (the shell's, unless `heldBack` names other
 * scripts): the server-rendered page, before React has it, for as long as the journey wants
 * (`release` lets the code through). `prepare` runs before the page loads.
 */
async function phoneBeforeTheScripts(
  browser: Browser,
  path: string,
  {
    heldBack = '**/static/js/main.*.js',
    prepare,
  }: { heldBack?: string; prepare?: (page: Page) => Promise<unknown> } = {},
) {
  const context = await browser.newContext({ viewport: { width: 360, height: 640 } });
  const page = await context.newPage();
  await prepare?.(page);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(heldBack, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${GATEWAY_URL}${path}`, { waitUntil: 'domcontentloaded' });
  return { page, release, context };
}

test.describe('first paint', () => {
  for (const { path, origin = '', lang, title, heading, canonical, chrome, personal } of PAGES) {
    test(`${origin}${path}: the first HTML carries its title, description, heading and links in ${lang}`, async ({
      request,
    }) => {
      const html = await (await request.get(`${origin}${path}`)).text();
      const head = html.slice(0, html.indexOf('</head>'));
      expect(html).toMatch(new RegExp(`<html[^>]* lang="${lang}"`));
      const titles = [...head.matchAll(/<title>([^<]*)<\/title>/g)].map((match) => match[1]);
      expect(titles).toHaveLength(1);
      expect(titles[0]).toMatch(title);
      expect(head.match(/<meta name="description"/g)).toHaveLength(1);
      expect(head).not.toContain('content="Trasteros y guardamuebles desde 1 euro al día, con acceso 24 horas."');
      const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '');
      expect(h1).toMatch(heading);
      // Working links to the rest of the site, before any script.
      if (chrome !== false) expect(html).toMatch(new RegExp(`<a [^>]*href="/${lang}/(calculadora|calculator)"`));
      // A page of the route table names itself canonical (the 404 and the door tool are not in it).
      if (canonical !== false) {
        expect(head).toContain(`<link rel="canonical" href="${GATEWAY_URL}${path}">`);
        expect(head).toMatch(/<link rel="alternate" hreflang="es" href="[^"]+">/);
        expect(head).toMatch(/<link rel="alternate" hreflang="en" href="[^"]+">/);
      } else expect(head).not.toContain('rel="canonical"');
      if (personal) expect(head).toContain('<meta name="robots" content="noindex, nofollow"');
      // No script runs before the first paint: the shell's code is added by the nonce'd loader.
      expect(head).not.toMatch(/<script[^>]+src=/);
    });
  }

  test('without scripts, a page of forms says it needs them, in its language; a page to read does not', async ({
    request,
  }) => {
    const notice = async (url: string) =>
      /<noscript>([\s\S]*?)<\/noscript>/.exec(await (await request.get(url)).text())?.[1];
    expect(await notice('/es/alta')).toMatch(/Esta página necesita JavaScript\. .*llámanos al \+34/);
    expect(await notice('/en/calculator')).toMatch(/This page needs JavaScript\. .*call us on \+34/);
    expect(await notice('/es/mi-cuenta')).toMatch(/Esta página necesita JavaScript\. .*llámanos al \+34/);
    expect(await notice('/abridor')).toContain('El control de acceso necesita JavaScript');
    // The back-office's login, rendered on the server for a browser with no staff session.
    const office = await (await request.get('/gestion')).text();
    expect(office).toContain('<html data-ssr data-signed-out="staff" lang="es">');
    expect(office).toContain('<h1>Entrar en la gestión</h1>');
    expect(await notice('/gestion')).toContain('La gestión necesita JavaScript');
    expect(await notice(`${DOOR_STANDALONE_URL}/abridor`)).toContain('El control de acceso necesita JavaScript');
    for (const readable of ['/es', '/en/facilities', '/es/privacidad']) expect(await notice(readable)).toBeUndefined();
  });

  test("the shell's start scripts and the route's remote are fetched with main.js, each once, every preload used", async ({
    page,
  }) => {
    const fetched: string[] = [];
    const warnings: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') fetched.push(new URL(request.url()).pathname);
    });
    page.on('console', (message) => {
      if (/preload/i.test(message.text())) warnings.push(message.text());
    });
    await page.goto('/es/instalaciones');
    await expect(page.locator('html[data-remote-ready="marketing"]')).toBeAttached();
    const preloaded = await page.$$eval('link[rel="preload"][as="script"]', (links) =>
      links.map((link) => new URL((link as HTMLLinkElement).href).pathname),
    );
    expect(preloaded).toContain('/remotes/marketing/remoteEntry.js');
    // The shell's start: main.js (the federation's runtime, which starts the app, preloaded too so
    // that it is not fetched last) and five files (React, i18next, the router, the small
    // libraries, its own code), not one per package.
    const shellStart = preloaded.filter((path) => path.startsWith('/static/js/'));
    expect(shellStart).toHaveLength(6);
    expect(shellStart[0]).toMatch(/^\/static\/js\/main\./);
    for (const name of ['framework', 'libraries', 'site']) {
      expect(shellStart.some((path) => path.startsWith(`/static/js/${name}.`))).toBe(true);
    }
    // Every preload is a script the page runs, fetched once: the preload's own request.
    for (const path of preloaded)
      expect(
        fetched.filter((url) => url === path),
        path,
      ).toHaveLength(1);
    expect(fetched.filter((path, i) => fetched.indexOf(path) !== i)).toEqual([]);
    // Chromium says so when a preloaded script is not used within a few seconds.
    await page.waitForTimeout(3_500);
    expect(warnings).toEqual([]);
  });

  test('hydration keeps the page as it is, with what this browser stored, in both languages @phone', async ({
    page,
    request,
  }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || /hydrat/i.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const items = Array.from({ length: 10 }, (_, i) => ({
      id: `item-${i}`,
      name: `Caja ${i}`,
      displayName: `Caja ${i}`,
      length: 50,
      width: 40,
      height: 30,
      unit: 'cm',
      quantity: 2,
    }));
    const login = await request.post(`${GATEWAY_URL}/functions/v1/abridor`, {
      data: { action: 'login', usuario: 'admin', contraseña: E2E_DOOR_ADMIN.contraseña },
    });
    const { token, user } = await login.json();
    await page.goto('/es/privacidad');
    await page.evaluate(
      ({ items, token, user }) => {
        localStorage.setItem('calculator-items', JSON.stringify({ state: { items }, version: 1 }));
        localStorage.setItem('abridor_token', token);
        localStorage.setItem('abridor_user', JSON.stringify(user));
      },
      { items, token, user },
    );
    const shifts = () =>
      page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let total = 0;
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) total += entry.value;
            }).observe({ type: 'layout-shift', buffered: true });
            setTimeout(() => resolve(total), 100);
          }),
      );

    await page.goto('/es/calculadora');
    // The stored list, after hydration: all ten, nothing moved to make room for them.
    await expect(page.getByText('Objeto 10: Caja 9')).toBeAttached();
    expect(await shifts()).toBeLessThanOrEqual(0.02);
    await page.goto('/en/calculator');
    await expect(page.getByRole('heading', { level: 1, name: 'Volume calculator' })).toBeVisible();
    await page.goto('/es/alta');
    await expect(page.getByLabel('Nombre completo *')).toBeVisible();
    expect(await shifts()).toBeLessThanOrEqual(0.02);
    await page.goto('/abridor');
    await expect(page.getByRole('button', { name: 'Salir' })).toBeVisible();
    expect(await shifts()).toBeLessThanOrEqual(0.02);
    // The standalone door app, on its own origin (its own storage): signed in there too.
    await page.goto(`${DOOR_STANDALONE_URL}/abridor`);
    await page.evaluate(
      ({ token, user }) => {
        localStorage.setItem('abridor_token', token);
        localStorage.setItem('abridor_user', JSON.stringify(user));
      },
      { token, user },
    );
    await page.reload();
    await expect(page.locator('html[data-ssr]')).toBeAttached();
    await expect(page.getByRole('button', { name: 'Salir' })).toBeVisible();
    expect(await shifts()).toBeLessThanOrEqual(0.02);
    expect(problems).toEqual([]);
  });

  test('before its scripts have run, a phone visitor opens the menu, follows its links and switches language @phone-only', async ({
    browser,
  }) => {
    // A slow phone shows the server-rendered page seconds before React has taken it over.
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 640 } });
    const page = await context.newPage();
    await page.goto(`${GATEWAY_URL}/es/calculadora`);
    const header = page.getByTestId('static-header');
    await header.getByRole('button', { name: 'Menú', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Menú' });
    await expect(drawer.getByRole('link', { name: 'Inicio' })).toBeVisible();
    await drawer.getByRole('button', { name: 'Cerrar menú' }).click();
    await expect(drawer).toBeHidden();
    await header.getByRole('button', { name: 'Menú', exact: true }).click();
    await drawer.getByRole('link', { name: 'Instalaciones' }).click();
    await expect(page).toHaveURL(/\/es\/instalaciones$/);
    await header.getByRole('button', { name: 'Menú', exact: true }).click();
    await drawer.getByRole('link', { name: 'EN – Inglés' }).click();
    await expect(page).toHaveURL(/\/en\/facilities$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Facilities|facilities/);

    // The home page has only the header that slides in past 200 px: it does so without scripts.
    await page.goto(`${GATEWAY_URL}/es`);
    const scrollHeader = page.getByTestId('scroll-header');
    await expect(scrollHeader).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect(scrollHeader).toBeVisible();
    await scrollHeader.getByRole('button', { name: 'Menú', exact: true }).click();
    // Scrolled back up behind the open menu: the header slides away, the menu stays usable.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(scrollHeader).toBeHidden();
    await page.getByRole('dialog', { name: 'Menú' }).getByRole('link', { name: 'Calculadora' }).click();
    await expect(page).toHaveURL(/\/es\/calculadora$/);
    await context.close();
  });

  for (const scrolledBack of [false, true]) {
    test(`the sliding header's menu opened before the scripts have run works once React has the page${scrolledBack ? ', scrolled back up meanwhile' : ''} @phone-only`, async ({
      browser,
    }) => {
      const { page, release, context } = await phoneBeforeTheScripts(browser, '/es');
      await page.evaluate(() => window.scrollTo(0, 400));
      const header = page.getByTestId('scroll-header');
      const button = header.getByRole('button', { name: 'Menú', exact: true });
      // Read also once the header has slid away (out of the accessibility tree then).
      const menuState = page.locator('[aria-controls="site-menu-scroll"]');
      await button.click();
      const drawer = page.getByRole('dialog', { name: 'Menú' });
      await expect(drawer).toBeVisible();
      if (scrolledBack) await page.evaluate(() => window.scrollTo(0, 0));
      release();
      await expect(page.locator('html[data-ready]')).toBeAttached();
      // React has the open menu, whatever the scroll: its close button closes it.
      await expect(menuState).toHaveAttribute('aria-expanded', 'true');
      await expect(drawer.getByRole('link', { name: 'Calculadora' })).toBeVisible();
      await drawer.getByRole('button', { name: 'Cerrar menú' }).click();
      await expect(drawer).toBeHidden();
      if (scrolledBack) {
        await expect(header).toBeHidden();
        await expect(header).toHaveAttribute('inert', '');
      } else {
        await expect(menuState).toHaveAttribute('aria-expanded', 'false');
        await button.click();
        await drawer.getByRole('link', { name: 'Calculadora' }).click();
        await expect(page).toHaveURL(/\/es\/calculadora$/);
        await expect(drawer).toBeHidden();
      }
      await context.close();
    });
  }

  test('before the scripts have run, Book a visit is a link to the booking page, which needs none @phone-only', async ({
    browser,
  }) => {
    const { page, context } = await phoneBeforeTheScripts(browser, '/es');
    await page.getByRole('main').getByRole('link', { name: 'Reservar visita' }).click();
    await expect(page).toHaveURL(/\/functions\/v1\/visit-booking\?lang=es$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reservar una visita');
    await expect(
      page
        .getByRole('group', { name: /^Hora, el / })
        .getByRole('radio')
        .first(),
    ).toBeVisible();
    await context.close();
  });

  test('a tap on Learn more before the scripts have run opens the assistant once they have, in English @phone-only', async ({
    browser,
  }) => {
    const { page, release, context } = await phoneBeforeTheScripts(browser, '/en');
    const learnMore = page.getByRole('main').getByRole('button', { name: 'Learn more' });
    await learnMore.click();
    await expect(learnMore).toHaveAttribute('aria-busy', 'true');
    await expect(
      page.getByRole('status').filter({ hasText: 'One moment: it will open as soon as the page is ready.' }),
    ).toHaveCount(1);
    release();
    const assistant = page.getByRole('dialog', { name: 'Virtual assistant' });
    await expect(assistant).toBeVisible();
    await expect(assistant.getByLabel('Your message')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(assistant).toBeHidden();
    await expect(learnMore).toBeFocused();
    await context.close();
  });

  test('Book a visit whose part of the page is still loading leads to the booking page, in the menu too, in English @phone-only', async ({
    browser,
  }) => {
    // The shell hydrates (React listens on the page); the home page's own code is held back.
    const { page, context } = await phoneBeforeTheScripts(browser, '/en', { heldBack: '**/remotes/marketing/**/*.js' });
    await expect(page.locator('html[data-ready]')).toBeAttached();
    await page.getByRole('main').getByRole('link', { name: 'Book a visit' }).click();
    await expect(page).toHaveURL(/\/functions\/v1\/visit-booking\?lang=en$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book a visit');

    // The menu's, before any script: the same page.
    const before = await phoneBeforeTheScripts(browser, '/en/facilities');
    await before.page.getByTestId('static-header').getByRole('button', { name: 'Menu', exact: true }).click();
    await before.page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Book a visit' }).click();
    await expect(before.page).toHaveURL(/\/functions\/v1\/visit-booking\?lang=en$/);
    await before.context.close();
    await context.close();
  });

  test('before the scripts a gallery thumbnail is a link to its image: a tap opens the image @phone-only', async ({
    browser,
  }) => {
    const { page, context } = await phoneBeforeTheScripts(browser, '/es/instalaciones');
    const thumb = page.getByRole('link', { name: /^Ampliar: / }).first();
    const image = new URL((await thumb.getAttribute('href')) ?? '', page.url()).href;
    const opened = page.waitForResponse((response) => response.url() === image && response.ok());
    await thumb.click();
    await expect(page).toHaveURL(image);
    expect((await opened).headers()['content-type']).toMatch(/^image\//);
    await context.close();
  });

  test("the banner's pause tapped before the scripts have run is kept: the offers never start turning", async ({
    browser,
  }) => {
    const { page, release, context } = await phoneBeforeTheScripts(browser, '/es/instalaciones', {
      prepare: (p) => p.clock.install(),
    });
    const pause = page.getByRole('button', { name: 'Pausar el cambio de promociones' });
    await pause.click();
    await expect(pause).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(page.locator('html[data-ready]')).toBeAttached();
    await expect(pause).toHaveAttribute('aria-pressed', 'true');
    await expect(pause).not.toHaveAttribute('aria-busy');
    const banner = page.getByTestId('top-banner');
    const shown = await banner.textContent();
    await page.clock.runFor(40_000);
    await expect(banner).toHaveText(shown ?? '');
    await context.close();
  });

  test('a sign-up step tapped in the step bar before the scripts have run is opened once they have', async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 640 } });
    const first = waitingForHydration(await context.newPage());
    await first.goto('/es/alta');
    await fillClientData(first, ES, applicant());
    await first.getByRole('button', { name: ES.next }).click();
    await expect(first).toHaveURL(/\/es\/alta\/verificacion\?proceso=/);
    const proceso = new URL(first.url()).searchParams.get('proceso') ?? '';
    await first.close();
    // The same applicant's phone opens the step again on a slow network.
    const page = await context.newPage();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/static/js/main.*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${GATEWAY_URL}/es/alta/verificacion?proceso=${proceso}`, { waitUntil: 'domcontentloaded' });
    const clientData = page
      .getByRole('navigation', { name: /pasos/i })
      .getByRole('button', { name: /Datos del cliente/ });
    await clientData.click();
    await expect(clientData).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(page).toHaveURL(new RegExp(`/es/alta/cliente\\?proceso=${proceso}$`));
    await expect(page.getByLabel(ES.fullName)).toBeVisible();
    await context.close();
  });

  test('the back-office login typed and sent before the scripts have run signs in once they have; a reload then is the back-office', async ({
    browser,
  }) => {
    const { page, release, context } = await phoneBeforeTheScripts(browser, '/gestion');
    // Rendered by the server for a browser without a session: the form is there before any script.
    await page.getByLabel('Correo electrónico').fill(E2E_MANAGER.email);
    await page.getByLabel('Contraseña').fill(E2E_MANAGER.password);
    const submit = page.getByRole('button', { name: 'Entrar' });
    await submit.click();
    // Kept, not sent natively: the page did not reload with the fields emptied.
    await expect(submit).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByLabel('Contraseña')).toHaveValue(E2E_MANAGER.password);
    release();
    await expect(page.getByRole('navigation', { name: 'Secciones' })).toBeVisible();
    // Signed in, this browser's next page asks who it is instead of showing the login first.
    const office = await (await page.request.get(`${GATEWAY_URL}/gestion`)).text();
    expect(office).not.toContain('data-signed-out');
    expect(office).toContain('Comprobando la sesión…');
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Secciones' })).toBeVisible();
    await context.close();
  });

  test("the door tool's English tapped before the scripts have run is kept", async ({ browser }) => {
    const { page, release, context } = await phoneBeforeTheScripts(browser, '/abridor');
    const english = page.getByRole('button', { name: 'English' });
    await english.click();
    await expect(english).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(page.getByLabel('User')).toBeVisible();
    await expect(page.getByRole('main')).toHaveAttribute('lang', 'en');
    await context.close();
  });

  test('a menu opened before the scripts have run stays open when React takes the page over @phone-only', async ({
    browser,
  }) => {
    const { page, release, context } = await phoneBeforeTheScripts(browser, '/es/instalaciones');
    const button = page.getByTestId('static-header').getByRole('button', { name: 'Menú', exact: true });
    await button.click();
    const drawer = page.getByRole('dialog', { name: 'Menú' });
    await expect(drawer).toBeVisible();
    release();
    await expect(page.locator('html[data-ready]')).toBeAttached();
    // React has found it open and says so, instead of closing it under the visitor's finger.
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.click();
    await expect(drawer).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await context.close();
  });
});
