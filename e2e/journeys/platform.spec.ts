import { expect, test } from './test';

test.describe('the shell through the gateway', () => {
  test('every screen has its own title, with the site name, and a description in its language', async ({ page }) => {
    const screens: [string, RegExp, RegExp][] = [
      ['/es/calculadora', /^Calculadora de volumen · /, /muebles/],
      ['/en/calculator', /^Volume calculator · /, /furniture/],
      ['/es/alta', /^Registro de Cliente · /, /trastero/i],
      ['/en/signup', /^Client Registration · /, /storage/i],
      ['/en/account', /^My account · /, /invoices/],
      ['/en/this-page-does-not-exist', /^Page not found · /, /does not exist/],
      ['/abridor', /^Control de Acceso · /, /PIN/],
      ['/abridor-login', /^Acceso con enlace · /, /enlace/],
    ];
    for (const [path, title, description] of screens) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(title);
      await expect(page.locator('meta[name="description"]'), path).toHaveAttribute('content', description);
    }
  });

  test('home loads with the banner, the home area and the footer @phone', async ({ page }) => {
    const response = await page.goto('/es');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: /desde 1 euro al día/ })).toBeVisible();
    await expect(page.getByTestId('top-banner')).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Política de privacidad' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  });

  test('each remote renders its own area on its routes', async ({ page }) => {
    const cases: [string, string, RegExp][] = [
      ['/en/facilities', 'marketing', /Our facilities/],
      ['/es/privacidad', 'marketing', /Política de privacidad/],
      ['/en/terms-of-service', 'marketing', /Terms and conditions/],
      ['/es/calculadora', 'calculator', /Calculadora de volumen/],
      ['/en/signup/verification', 'signup', /Client Registration/],
      ['/es/mi-cuenta', 'account', /Mi cuenta/],
      ['/abridor', 'door', /Control de Acceso/],
      ['/abridor-login', 'door', /Acceso con enlace/],
    ];
    for (const [path, remote, heading] of cases) {
      await page.goto(path);
      const area = page.locator(`[data-remote="${remote}"]`);
      await expect(area.getByRole('heading', { level: 1 })).toHaveText(heading);
    }
  });

  test('exactly one copy of React is loaded, the shell’s, shared with the remote', async ({ page }) => {
    await page.goto('/es/calculadora');
    await expect(page.getByRole('heading', { name: 'Calculadora de volumen' })).toBeVisible();
    const reacts = await page.evaluate(() => {
      type ShareInfo = { from: string; loaded?: boolean; useIn: string[] };
      const share = (
        window as unknown as {
          __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, ShareInfo>>>> };
        }
      ).__FEDERATION__.__SHARE__;
      return Object.values(share).flatMap((scopes) =>
        Object.values(scopes).flatMap((packages) =>
          Object.entries(packages)
            .filter(([name]) => name === 'react' || name === 'react-dom')
            .map(([name, versions]) => ({ name, versions: Object.keys(versions), info: Object.values(versions) })),
        ),
      );
    });
    expect(reacts.length).toBeGreaterThan(0);
    for (const entry of reacts) {
      expect(entry.versions).toHaveLength(1);
      expect(entry.info[0]?.from).toBe('shell');
    }
    const react = reacts.find((r) => r.name === 'react');
    expect(react?.info[0]?.useIn).toEqual(expect.arrayContaining(['shell', 'calculator']));
  });

  test('switching language rewrites the prefix and keeps the page and query', async ({ page }) => {
    await page.goto('/es/calculadora?proceso=abc123');
    await expect(page.getByRole('heading', { name: 'Calculadora de volumen' })).toBeVisible();
    await page.getByRole('link', { name: 'EN – Inglés' }).click();
    await expect(page).toHaveURL(/\/en\/calculator\?proceso=abc123$/);
    await expect(page.getByRole('heading', { name: 'Volume calculator' })).toBeVisible();
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Facilities' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('link', { name: 'ES – Spanish' }).click();
    await expect(page).toHaveURL(/\/es\/calculadora\?proceso=abc123$/);
  });

  test('a remote whose manifest fails shows its fallback and Retry; the rest keeps working', async ({ page }) => {
    await page.route('**/remotes/calculator/mf-manifest.json', (route) => route.abort());
    await page.goto('/es/calculadora');
    const fallback = page.getByTestId('remote-unavailable');
    await expect(fallback).toBeVisible();
    await expect(fallback.getByRole('button', { name: 'Reintentar' })).toBeVisible();
    // Header and other remotes still work.
    await page.getByRole('navigation').getByRole('link', { name: 'Instalaciones' }).click();
    await expect(page.getByRole('heading', { name: 'Nuestras instalaciones' })).toBeVisible();
    await page.getByRole('navigation').getByRole('link', { name: 'Calculadora' }).click();
    await expect(page.getByTestId('remote-unavailable')).toBeVisible();
    // The outage ends: Retry loads the remote without a page reload.
    await page.unroute('**/remotes/calculator/mf-manifest.json');
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await expect(page.getByRole('heading', { name: 'Calculadora de volumen' })).toBeVisible();
  });

  test('a remote whose entry script fails to load once is loaded on the retry, without a fallback', async ({
    page,
  }) => {
    let requests = 0;
    await page.route('**/remotes/calculator/remoteEntry.js', (route) => {
      requests++;
      return requests === 1 ? route.abort('connectionreset') : route.continue();
    });
    // The journeys' goto waits until the remote has taken its area over.
    await page.goto('/es/calculadora');
    expect(requests).toBe(2);
    await expect(page.getByTestId('remote-unavailable')).toHaveCount(0);
    // It works: a piece of furniture goes on the list.
    await page.getByLabel('Tipo de mueble').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Añadir' }).click();
    await expect(page.getByText(/^Objeto 1: /)).toBeAttached();
  });

  test('a deep link to a sign-up sub-step is served, and without a registration leads to the entry', async ({
    page,
  }) => {
    const first = await page.goto('/en/signup/documents');
    expect(first?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Client Registration' })).toBeVisible();
    // A step without `proceso` goes to the sign-up entry (spec §4), which is the client data step.
    await expect(page).toHaveURL(/\/en\/signup$/);
    await expect(page.getByLabel('Full name *')).toBeVisible();
    const again = await page.reload();
    expect(again?.status()).toBe(200);
  });

  test('an unknown path gets status 404 and the not-found page @phone', async ({ page }) => {
    const response = await page.goto('/es/esto-no-existe');
    expect(response?.status()).toBe(404);
    const notFound = page.getByTestId('not-found');
    await expect(notFound.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
    await notFound.getByRole('link', { name: 'Volver al inicio' }).click();
    await expect(page).toHaveURL(/\/es$/);
    await expect(page.getByRole('heading', { level: 1, name: /desde 1 euro al día/ })).toBeVisible();
  });

  test('a path without a language is in the browser’s: rendered so by the server, hydrated as it is', async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    const response = await page.goto('/esto-no-existe');
    expect(response?.status()).toBe(404);
    expect(await response?.text()).toContain('Page not found');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('html[data-ready]')).toBeAttached();
    await expect(page.getByTestId('not-found').getByRole('heading', { name: 'Page not found' })).toBeVisible();
    expect(problems).toEqual([]);
    await context.close();
  });

  test('redirects of the route table', async ({ page }) => {
    const redirects: [string, string][] = [
      ['/', '/es'],
      ['/es/calculator', '/es/calculadora'],
      ['/es/facilities', '/es/instalaciones'],
      ['/en/instalaciones', '/en/facilities'],
    ];
    for (const [from, to] of redirects) {
      await page.goto(from);
      await expect(page).toHaveURL(new RegExp(`${to}$`));
    }
  });

  test('every route change scrolls to the top', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 400 });
    await page.goto('/es');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Calculadora' }).click();
    await expect(page.getByRole('heading', { name: 'Calculadora de volumen' })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('server rendering', () => {
  test('the first HTML carries the page itself, in its language, with the remote rendered by its server container', async ({
    request,
  }) => {
    const home = await (await request.get('/es')).text();
    expect(home).toMatch(/<html[^>]* lang="es"/);
    expect(home).toContain('Trasteros y guardamuebles desde 1 euro al día');
    expect(home).toContain('Lo que dicen nuestros clientes');
    const facilities = await (await request.get('/en/facilities')).text();
    expect(facilities).toMatch(/<html[^>]* lang="en"/);
    expect(facilities).toMatch(/<h1[^>]*>Our facilities<\/h1>/);
    // The remote's stylesheet is written into the head before its HTML (nothing unstyled paints, no
    // request before the first paint), its link disabled for the bundler's runtime to find.
    const [head = ''] = facilities.split('</head>');
    expect(head).toMatch(
      /<style nonce="[^"]+">[^<]+<\/style><link rel="stylesheet" href="\/remotes\/marketing\/static\/css\/[^"]+\.css" disabled>/,
    );
    expect(head).not.toMatch(/<link rel="stylesheet" href="[^"]+">/);
  });

  test('hydration takes over without a mismatch, in both languages @phone', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || /hydrat/i.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    for (const path of ['/es', '/en/facilities', '/es/instalaciones', '/en']) {
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
      // Interactive after hydration: the language switch works.
      await page.waitForLoadState('networkidle');
    }
    // Interactive after hydration: the assistant opens.
    await page.getByRole('button', { name: 'Assistant' }).click();
    await expect(page.getByRole('dialog', { name: 'Virtual assistant' })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('a sign-up step reloaded with a draft on this device hydrates without a mismatch (React #418)', async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || /hydrat|#418/i.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(
      `/es/alta?${new URLSearchParams({ productos: JSON.stringify({ productId: '202', productName: 'Trastero 3 m³', unitsRequired: 1, volumeRequested: 3 }) })}`,
    );
    await page.getByLabel('Nombre completo *').fill('Ana García');
    // The draft is kept on this device: a reload shows it again, after hydration.
    await expect
      .poll(() => page.evaluate(() => Object.keys(localStorage).some((key) => key.startsWith('registration_session'))))
      .toBe(true);
    await page.reload();
    await expect(page.getByLabel('Nombre completo *')).toHaveValue('Ana García');
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });
});
