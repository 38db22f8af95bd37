import type { Page } from '@playwright/test';
import { expect, test } from './test';

async function addPreset(page: Page, label: string, presetId: string, add: string) {
  await page.getByLabel(label).selectOption(presetId);
  await page.getByRole('button', { name: add, exact: true }).click();
}

/** A custom object of `l × w × h` metres, as the only line of the list. */
async function customVolume(page: Page, metres: [number, number, number]) {
  await addPreset(page, 'Tipo de mueble', 'custom', 'Añadir');
  const item = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('textbox', { name: 'Nombre' }) })
    .last();
  await item.getByLabel('Unidad').selectOption('m');
  for (const [i, name] of ['Largo', 'Ancho', 'Alto'].entries()) await item.getByLabel(name).fill(String(metres[i]));
}

test.describe('calculator', () => {
  test('a decimal comma is a decimal in both languages, never ×10, and is shown back the page’s way', async ({
    page,
  }) => {
    await page.goto('/es/calculadora');
    await customVolume(page, [1, 1, 1]);
    const largo = page.getByLabel('Largo').last();
    await largo.fill('1,5');
    await expect(page.getByTestId('unit-volume').last()).toHaveText('1,500 m³');
    await largo.fill('1.5');
    await largo.blur();
    await expect(largo).toHaveValue('1,5');
    await expect(page.getByTestId('unit-volume').last()).toHaveText('1,500 m³');
    await page.goto('/en/calculator');
    const length = page.getByLabel('Length').last();
    await length.fill('1,5');
    await length.blur();
    await expect(length).toHaveValue('1.5');
    await expect(page.getByTestId('unit-volume').last()).toHaveText('1.500 m³');
  });

  test('sizes a move in Spanish, keeps it across a reload and hands the choice to the sign-up @phone', async ({
    page,
  }) => {
    await page.goto('/es/calculadora');
    await expect(page.getByRole('heading', { level: 1, name: 'Calculadora de volumen' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Buscar mi trastero' })).toHaveCount(0);

    await addPreset(page, 'Tipo de mueble', 'wardrobe', 'Añadir');
    await addPreset(page, 'Tipo de mueble', 'sofa_3_seater', 'Añadir');
    await addPreset(page, 'Tipo de mueble', 'custom', 'Añadir');
    await expect(page.getByTestId('total-volume')).toHaveText('3,248 m³');

    const wardrobe = page.getByRole('listitem').filter({ has: page.getByRole('group', { name: /Objeto 1/ }) });
    await wardrobe.getByLabel('Cantidad').fill('2');
    await wardrobe.getByLabel('Nombre').fill('Armario del dormitorio');
    await expect(wardrobe.getByTestId('line-volume')).toHaveText('2,880 m³');
    await expect(page.getByTestId('total-volume')).toHaveText('4,688 m³');

    await page.reload();
    await expect(page.getByLabel('Nombre').first()).toHaveValue('Armario del dormitorio');
    await expect(page.getByTestId('total-volume')).toHaveText('4,688 m³');

    await page.getByRole('button', { name: 'Buscar mi trastero' }).click();
    const options = page.getByTestId('options-view');
    await expect(options.getByRole('heading', { name: 'Opciones para 4,688 m³' })).toBeVisible();
    const best = options.getByRole('listitem').first();
    await expect(best.getByText('Mejor opción')).toBeVisible();
    await expect(best.getByRole('heading', { name: 'Trastero 6 m³' })).toBeVisible();
    await expect(best.getByText('95,00 €/mes')).toBeVisible();
    await expect(best.getByText('Fianza: 150,00 € (particulares) o 300,00 € (empresas)')).toBeVisible();
    // Two 3 m³ units: the monthly price is for both, one unit's beside it (and so the order is right).
    const twoUnits = options
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Trastero 3 m³' }) });
    await expect(twoUnits.getByText('Necesitas 2 unidades')).toBeVisible();
    await expect(twoUnits.getByText('124,00 €/mes')).toBeVisible();
    await expect(twoUnits.getByText('2 × 62,00 €/mes por unidad')).toBeVisible();

    await best.getByRole('button', { name: 'Elegir Trastero 6 m³' }).click();
    await expect(page).toHaveURL(/\/es\/alta\?productos=/);
    const productos = new URL(page.url()).searchParams.get('productos');
    expect(JSON.parse(productos ?? '{}')).toEqual({
      productId: '204',
      productName: 'Trastero 6 m³',
      unitsRequired: 1,
      volumeRequested: 4.688,
    });
    await expect(page.getByRole('heading', { level: 1, name: 'Registro de Cliente' })).toBeVisible();
  });

  test('works in English and keeps proceso on the way back and forward', async ({ page }) => {
    await page.goto('/en/calculator?proceso=reg-42');
    await expect(page.getByRole('link', { name: /Back to sign-up/ })).toHaveAttribute(
      'href',
      '/en/signup?proceso=reg-42',
    );
    await addPreset(page, 'Furniture type', 'desk', 'Add');
    await expect(page.getByTestId('total-volume')).toHaveText('0.540 m³');
    await page.getByRole('button', { name: 'Find my storage' }).click();
    const first = page.getByTestId('options-view').getByRole('listitem').first();
    await expect(first.getByRole('heading', { name: 'Box 1 m³' })).toBeVisible();
    await expect(first.getByText('€30.00/month')).toBeVisible();
    await expect(first.getByText('Deposit: €50.00')).toBeVisible();
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByLabel('Name')).toHaveValue('Mesa de escritorio');
    await page.getByRole('button', { name: 'Find my storage' }).click();
    await page.getByRole('button', { name: 'Choose Box 1 m³' }).click();
    await expect(page).toHaveURL(/\/en\/signup\?productos=.+&proceso=reg-42$/);
  });

  test('delete all asks the browser for confirmation first', async ({ page }) => {
    await page.goto('/es/calculadora');
    await addPreset(page, 'Tipo de mueble', 'desk', 'Añadir');
    page.once('dialog', (dialog) => dialog.dismiss());
    await page.getByRole('button', { name: 'Borrar todo' }).click();
    await expect(page.getByLabel('Nombre')).toHaveValue('Mesa de escritorio');
    page.once('dialog', (dialog) => {
      expect(dialog.type()).toBe('confirm');
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Borrar todo' }).click();
    await expect(page.getByText('Todavía no has añadido ningún objeto.')).toBeVisible();
    await page.reload();
    await expect(page.getByText('Todavía no has añadido ningún objeto.')).toBeVisible();
  });

  test('empty and waitlist states, and a waitlist request that reaches the outbox', async ({ page, request }) => {
    const email = `espera-${Date.now()}@example.com`;
    await page.goto('/es/calculadora');
    await customVolume(page, [10, 10, 2]);
    await page.getByRole('button', { name: 'Buscar mi trastero' }).click();
    await page.getByRole('button', { name: 'Ver opciones en lista de espera' }).click();
    await expect(
      page.getByText('No hay opciones disponibles, ni siquiera en lista de espera, para este tamaño'),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Cerrar' }).click();
    await page.getByLabel('Ancho').fill('5');
    await expect(page.getByTestId('total-volume')).toHaveText('100,000 m³');
    await page.getByRole('button', { name: 'Buscar mi trastero' }).click();
    await expect(page.getByText('No hay ningún producto disponible para el tamaño requerido')).toBeVisible();
    await page.getByRole('button', { name: 'Ver opciones en lista de espera' }).click();
    await page.getByRole('button', { name: 'Apuntarme a la lista de espera de Guardamuebles 40 m³' }).click();

    const dialog = page.getByRole('dialog', { name: 'Lista de espera' });
    await dialog.getByLabel('Nombre completo').fill('Ana García');
    // A phone of its own: one number has at most three live requests.
    await dialog.getByLabel('Teléfono').fill(`6${String(Date.now()).slice(-8)}`);
    await dialog.getByLabel('Correo electrónico').fill(email);
    await dialog.getByLabel('Cuándo lo necesitas').selectOption('asap');
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await expect(dialog.getByText('Debe aceptar la cláusula de privacidad')).toBeVisible();
    await dialog.getByLabel(/He leído y acepto/).check();
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await expect(
      page.getByText('Te hemos añadido a la lista de espera. Te contactaremos cuando esté disponible.'),
    ).toBeVisible();
    await expect(dialog).toBeHidden();

    const outbox = await request.get(`/functions/v1/outbox?recipient=${encodeURIComponent(email)}`);
    const { messages } = (await outbox.json()) as { messages: { body: string }[] };
    expect(messages).toHaveLength(1);
    expect(messages[0]?.body).toContain('Guardamuebles 40 m³');
    // Confirmed from its link, it enters the line.
    const link = /\/es\/lista-espera\/[A-Za-z0-9_-]{43}/.exec(messages[0]?.body ?? '')?.[0] ?? '';
    await page.goto(link);
    await page.getByRole('button', { name: 'Confirmar y entrar en la lista' }).click();
    await expect(page.getByTestId('waitlist-state')).toHaveText(/^Estás en la posición \d+ de la lista\.$/);
  });

  test('a failed waitlist request keeps the dialog open with the data (English) @phone', async ({ page }) => {
    await page.route('**/functions/v1/send-waitlist-email', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"down"}' }),
    );
    await page.goto('/en/calculator');
    await addPreset(page, 'Furniture type', 'custom', 'Add');
    await page.getByLabel('Unit').selectOption('m');
    await page.getByLabel('Length').fill('10');
    await page.getByLabel('Width').fill('5');
    await page.getByLabel('Height').fill('2');
    await page.getByRole('button', { name: 'Find my storage' }).click();
    await expect(page.getByText('No product available for the required size')).toBeVisible();
    await page.getByRole('button', { name: 'See waitlist options' }).click();
    await page.getByRole('button', { name: 'Join the waitlist for Furniture storage 40 m³' }).click();
    const dialog = page.getByRole('dialog', { name: 'Waitlist' });
    await dialog.getByLabel('Full name').fill('John Smith');
    await dialog.getByLabel('Phone').fill('+44 20 7946 0000');
    await dialog.getByLabel('Email').fill('john@example.com');
    await dialog.getByLabel('When do you need it').selectOption('dont_know');
    await dialog.getByLabel(/I have read and accept/).check();
    await dialog.getByRole('button', { name: 'Send' }).click();
    // Said where the visitor looks, in the dialog, and in a toast above the modal dialog (top layer):
    // visible, not dimmed, and its × works even though the page behind the dialog is inert.
    await expect(dialog.locator('form').getByText('Error submitting form. Please try again.')).toBeVisible();
    const toaster = page.getByTestId('toaster');
    await expect(toaster.getByRole('alert')).toContainText('Error submitting form. Please try again.');
    await toaster.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect(toaster.getByRole('alert')).toHaveCount(0);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Full name')).toHaveValue('John Smith');
  });

  test('a share link restores the same list on another device', async ({ page, browser, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/es/calculadora');
    await addPreset(page, 'Tipo de mueble', 'refrigerator', 'Añadir');
    await page.getByLabel('Cantidad').fill('3');
    await page.getByRole('button', { name: 'Copiar enlace para compartir' }).click();
    await expect(page.getByText('Enlace copiado')).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/\/es\/calculadora\?lista=/);

    const otherDevice = await browser.newContext();
    const other = await otherDevice.newPage();
    await other.goto(link);
    await expect(other.getByLabel('Nombre')).toHaveValue('Nevera');
    await expect(other.getByLabel('Cantidad')).toHaveValue('3');
    await expect(other.getByTestId('total-volume')).toHaveText('2,646 m³');
    await expect(other).toHaveURL(/\/es\/calculadora$/);
    await otherDevice.close();
  });

  test('prints the list and total without the controls', async ({ page }) => {
    await page.goto('/es/calculadora');
    await addPreset(page, 'Tipo de mueble', 'washing_machine', 'Añadir');
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Buscar mi trastero' })).toBeHidden();
    await expect(page.getByRole('navigation')).toBeHidden();
    const table = page.locator('table');
    await expect(table).toBeVisible();
    await expect(table).toContainText('Lavadora');
    await expect(table).toContainText('0,306 m³');
  });
});
