import { expect, test } from './test';

test.describe('marketing pages', () => {
  test('home in Spanish and English: hero, five features, three reviews, statistics, storage kinds @phone', async ({
    page,
  }) => {
    for (const [path, texts] of [
      [
        '/es',
        [
          'Trasteros y guardamuebles desde 1 euro al día',
          'Cómodo',
          'Lo que dicen nuestros clientes',
          'Guardamuebles',
          'Desde 1 euro al día',
        ],
      ],
      [
        '/en',
        [
          'Storage units and furniture storage from 1 euro per day',
          'Convenient',
          'What our customers say',
          'Furniture storage',
          'From 1 euro per day',
        ],
      ],
    ] as const) {
      await page.goto(path);
      for (const text of texts) await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
      await expect(page.getByTestId('features').getByRole('listitem')).toHaveCount(5);
      await expect(page.getByTestId('reviews').getByRole('listitem')).toHaveCount(3);
      const stats = page.getByTestId('stats');
      await expect(stats).toContainText('55');
      await expect(stats).toContainText('+300');
    }
  });

  test('home sets title, description and hreflang alternates', async ({ page }) => {
    await page.goto('/en');
    await expect(page).toHaveTitle(/Storage units and furniture storage/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /24-hour access/);
    await expect(page.locator('link[hreflang="es"]')).toHaveAttribute('href', /\/es$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('Learn more with no voice widget configured opens the site assistant', async ({ page }) => {
    const crashes: string[] = [];
    page.on('pageerror', (e) => crashes.push(e.message));
    await page.goto('/es');
    const learnMore = page.getByRole('button', { name: 'Saber más' });
    await learnMore.click();
    const chat = page.getByRole('dialog', { name: 'Asistente virtual' });
    await expect(chat).toBeVisible();
    await expect(chat.getByLabel('Tu mensaje')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(chat).toBeHidden();
    await expect(learnMore).toBeFocused();
    expect(crashes).toEqual([]);
  });

  test('facilities: breadcrumb, types, calculator link, gallery lightbox by keyboard, directions @phone', async ({
    page,
  }) => {
    await page.goto('/es/instalaciones');
    await expect(page.getByRole('navigation', { name: 'Ruta de navegación' })).toContainText('Inicio');
    await expect(page.getByRole('heading', { name: 'Trasteros', exact: true })).toBeVisible();
    const thumbs = page.getByRole('link', { name: /^Ampliar:/ });
    await expect(thumbs).toHaveCount(4);
    const firstImage = thumbs.first().locator('img');
    await expect(firstImage).toHaveAttribute('loading', 'lazy');
    await expect(firstImage).toHaveAttribute('width', '1200');
    await thumbs.nth(3).focus();
    await page.keyboard.press('Enter');
    const lightbox = page.getByRole('dialog');
    await expect(lightbox).toContainText('Imagen 4 de 4');
    await page.keyboard.press('ArrowRight');
    await expect(lightbox).toContainText('Imagen 1 de 4');
    await expect(lightbox.locator('img')).toHaveJSProperty('complete', true);
    await page.keyboard.press('Escape');
    await expect(lightbox).toBeHidden();
    await expect(page.getByRole('link', { name: 'Cómo llegar' })).toHaveAttribute(
      'href',
      /destination=36\.7213,-4\.4214/,
    );
    await page.getByRole('link', { name: /Usa la calculadora de volumen/ }).click();
    await expect(page).toHaveURL(/\/es\/calculadora$/);
  });

  test('legal pages in both languages, dated May 2024 and naming the company', async ({ page }) => {
    const pages = [
      ['/es/privacidad', 'Política de privacidad', 'Última actualización: mayo de 2024', 'Almacenes Ficticios del Sur'],
      ['/en/privacy', 'Privacy policy', 'Last updated: May 2024', 'B00000000'],
      ['/es/terminos', 'Términos y condiciones', 'Última actualización: mayo de 2024', 'negligencia probada'],
      ['/en/terms-of-service', 'Terms and conditions', 'Last updated: May 2024', 'Spanish law'],
    ] as const;
    for (const [path, title, updated, text] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.getByText(updated)).toBeVisible();
      await expect(page.locator('article')).toContainText(text);
    }
  });

  test('the gateway serves sitemap.xml and robots.txt', async ({ request }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toContain('/en/facilities</loc>');
    expect(sitemap).toContain('/es/instalaciones</loc>');
    expect(await (await request.get('/robots.txt')).text()).toContain('Sitemap:');
  });
});
