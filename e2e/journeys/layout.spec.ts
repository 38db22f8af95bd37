import { expect, test } from './test';

test.describe('layout chrome', () => {
  test('the banner alternates its offers and both lead to the hire page', async ({ page }) => {
    await page.clock.install();
    await page.goto('/es/instalaciones');
    const banner = page.getByTestId('top-banner');
    await expect(banner).toHaveText(/Un mes gratis al contratar 6 meses/);
    await page.clock.runFor(15_000);
    await expect(banner).toHaveText(/10 % de descuento/);
    await page.clock.runFor(20_000);
    await expect(banner).toHaveText(/Un mes gratis/);
    await banner.click();
    await expect(page).toHaveURL(/\/es\/contratar$/);
    await page.goto('/en/facilities');
    await expect(page.getByTestId('top-banner')).toHaveAttribute('href', '/en/hire');
  });

  test('on the home page the keyboard reaches the menu and ES/EN without scrolling; the banner can be paused @phone', async ({
    page,
  }) => {
    await page.goto('/es');
    const header = page.getByTestId('scroll-header');
    await expect(header).toBeHidden();
    for (let i = 0; i < 8 && !(await header.evaluate((el) => el.contains(document.activeElement))); i += 1) {
      await page.keyboard.press('Tab');
    }
    await expect(header).toBeVisible();
    expect(await header.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    // The banner's changing offers can be paused (the timing itself: useBannerCycle's tests).
    await page.mouse.click(5, 400);
    const pause = page.getByRole('button', { name: 'Pausar el cambio de promociones' });
    await pause.click();
    await expect(pause).toHaveAttribute('aria-pressed', 'true');
  });

  test('header links, footer contact and the ES/EN links', async ({ page }) => {
    await page.goto('/en/calculator');
    const header = page.getByTestId('static-header');
    await header.getByRole('link', { name: 'Facilities' }).click();
    await expect(page).toHaveURL(/\/en\/facilities$/);
    await header.getByRole('link', { name: 'ES – Spanish' }).click();
    await expect(page).toHaveURL(/\/es\/instalaciones$/);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: '+34 600 000 000' })).toHaveAttribute('href', 'tel:+34600000000');
    await expect(footer.getByRole('link', { name: 'hola@trasteros-demo.example' })).toBeVisible();
    await expect(footer).toContainText('Calle Ejemplo, 1, 29000 Pueblo de Ejemplo');
    await footer.getByRole('link', { name: 'Términos y condiciones' }).click();
    await expect(page).toHaveURL(/\/es\/terminos$/);
  });

  test('the home page has only the scroll header, which slides in after 200 px', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.goto('/es');
    await expect(page.getByTestId('static-header')).toHaveCount(0);
    const scrollHeader = page.getByTestId('scroll-header');
    await expect(scrollHeader).toBeHidden();
    await page.evaluate(() => {
      document.body.style.minHeight = '3000px';
      window.scrollTo(0, 150);
    });
    await expect(scrollHeader).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 260));
    await expect(scrollHeader).toBeVisible();
    await scrollHeader.getByRole('link', { name: 'Calculadora' }).click();
    await expect(page).toHaveURL(/\/es\/calculadora$/);
  });

  test('the mobile drawer has the same items at 375 px @phone-only', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/es/calculadora');
    const header = page.getByTestId('static-header');
    await expect(header.getByRole('navigation')).toBeHidden();
    await header.getByRole('button', { name: 'Menú' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menú' });
    await expect(drawer.getByRole('link', { name: 'Inicio' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Reservar visita' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await header.getByRole('button', { name: 'Menú' }).click();
    await drawer.getByRole('link', { name: 'Instalaciones' }).click();
    await expect(page).toHaveURL(/\/es\/instalaciones$/);
    await expect(drawer).toBeHidden();
  });

  test("Book a visit without a scheduling page opens the site's own booking, and gives focus back", async ({
    page,
  }) => {
    const crashes: string[] = [];
    page.on('pageerror', (e) => crashes.push(e.message));
    await page.goto('/en/facilities');
    const button = page.getByTestId('static-header').getByRole('link', { name: 'Book a visit' });
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Book a visit' });
    await expect(dialog.getByRole('group', { name: 'Day' }).getByRole('radio').first()).toBeChecked();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
    expect(crashes).toEqual([]);
  });

  test('the assistant answers after about a second and ignores blanks @phone', async ({ page }) => {
    await page.goto('/es/instalaciones');
    await page.getByRole('button', { name: 'Asistente' }).click();
    const chat = page.getByRole('dialog', { name: 'Asistente virtual' });
    const input = chat.getByLabel('Tu mensaje');
    await input.fill('   ');
    await input.press('Enter');
    await expect(chat.locator('[data-from]')).toHaveCount(0);
    await input.fill('¿Qué horario tenéis?');
    const sent = Date.now();
    await input.press('Enter');
    await expect(chat.locator('[data-from="user"]')).toHaveText('¿Qué horario tenéis?');
    const reply = chat.locator('[data-from="bot"]');
    await expect(reply).toHaveText(/acceso 24 horas/);
    expect(Date.now() - sent).toBeGreaterThanOrEqual(900);
    await input.fill('¿Cuánto cuesta?');
    await input.press('Enter');
    await expect(reply.nth(1)).toHaveText(/desde 1 euro al día/);
  });
});

/**
 * Every visible form control of the page, brought to the bottom edge of the viewport (where the
 * assistant and the toasts live) and to its centre, must be what is under its own centre.
 */
async function coveredControls(page: import('@playwright/test').Page): Promise<string[]> {
  return page.evaluate(async () => {
    const covered: string[] = [];
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const controls = [...document.querySelectorAll<HTMLElement>('main input, main select, main textarea, main button')];
    for (const control of controls) {
      for (const block of ['end', 'center'] as const) {
        const before = control.getBoundingClientRect();
        if (before.width === 0 || before.height === 0) continue;
        control.scrollIntoView({ block, behavior: 'instant' });
        await frame();
        const box = control.getBoundingClientRect();
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        const labels = [...((control as HTMLInputElement).labels ?? [])];
        if (!top || control === top || control.contains(top) || labels.some((label) => label.contains(top))) continue;
        const name = control.getAttribute('aria-label') || control.textContent?.trim() || control.id;
        covered.push(
          `${control.tagName.toLowerCase()} "${name}" (${block}) under ${top.tagName.toLowerCase()}.${top.className}`,
        );
      }
    }
    return covered;
  });
}

test.describe('nothing floats over a control', () => {
  test('the sign-up and the calculator at 375 px, with a toast showing @phone-only', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto('/es/alta');
    await expect(page.getByRole('button', { name: 'Siguiente' })).toBeVisible();
    expect(await coveredControls(page)).toEqual([]);

    await page.goto('/es/calculadora');
    await page.getByLabel('Tipo de mueble').selectOption('sofa_3_seater');
    await page.getByRole('button', { name: 'Añadir', exact: true }).click();
    await page.getByRole('button', { name: 'Copiar enlace para compartir' }).click();
    await expect(page.getByTestId('toaster').getByText('Enlace copiado')).toBeVisible();
    expect(await coveredControls(page)).toEqual([]);
    // The assistant is still there, in the page flow.
    await expect(page.getByRole('button', { name: 'Asistente' })).toBeVisible();
  });
});
