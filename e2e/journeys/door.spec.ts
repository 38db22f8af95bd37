import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DOOR_STANDALONE_URL, E2E_DOOR_ADMIN, GATEWAY_URL } from '../ports';

const fn = `${GATEWAY_URL}/functions/v1/abridor`;
let seq = 0;

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post(fn, {
    data: { action: 'login', usuario: 'admin', contraseña: E2E_DOOR_ADMIN.contraseña },
  });
  return (await res.json()).token;
}

/** A fresh door user with a unique name and PIN, made through the function. */
async function createUser(request: APIRequestContext) {
  seq += 1;
  const usuario = `vecino${seq}${Date.now() % 100000}`;
  const pin = String(((Date.now() + seq * 7919) % 9000) + 1000).slice(0, 4);
  const res = await request.post(fn, {
    data: {
      action: 'add_user',
      token: await adminToken(request),
      usuario,
      pin,
      contraseña: 'clave-segura',
      box: 'B-7',
    },
  });
  expect(res.status()).toBe(200);
  return { usuario, pin, contraseña: 'clave-segura', id: (await res.json()).user.id as string };
}

async function login(page: Page, usuario: string, contraseña: string) {
  await page.getByLabel('Usuario').fill(usuario);
  await page.getByLabel('Contraseña').fill(contraseña);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

async function typePin(page: Page, pin: string) {
  for (const digit of pin) await page.getByRole('button', { name: digit, exact: true }).click();
}

test.describe('door tool', () => {
  test('standalone on a phone: login errors, then enter and exit with the PIN @phone', async ({ page, request }) => {
    const user = await createUser(request);
    await page.goto(`${DOOR_STANDALONE_URL}/abridor`);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('alert')).toHaveText('Por favor ingrese usuario y contraseña');
    await login(page, user.usuario, 'mala');
    await expect(page.getByRole('alert')).toHaveText('Credenciales inválidas');
    await login(page, user.usuario, user.contraseña);
    await expect(page.getByText(`${user.usuario} · Box B-7`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Gestionar Usuarios' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Entrada' }).click();
    await expect(page.getByRole('alert')).toHaveText('Debe ingresar un PIN de 4 dígitos');
    await typePin(page, `${user.pin}9`);
    await expect(page.getByTestId('pin-display')).toHaveAttribute('aria-label', 'PIN: 4 de 4 dígitos');
    await page.getByRole('button', { name: 'Entrada' }).click();
    await expect(page.getByRole('status')).toHaveText('Acceso Autorizado: ENTRADA');
    await expect(page.getByTestId('pin-display')).toHaveAttribute('aria-label', 'PIN: 0 de 4 dígitos');
    // Physical keyboard digits work too.
    await page.keyboard.type(user.pin);
    await page.getByRole('button', { name: 'Salida' }).click();
    await expect(page.getByRole('status')).toHaveText('Acceso Autorizado: SALIDA');

    // The session survives a reload (token, never the password, is stored).
    await page.reload();
    await expect(page.getByRole('button', { name: 'Salir' })).toBeVisible();
    expect(await page.evaluate(() => Object.keys(localStorage).sort())).toEqual(['abridor_token', 'abridor_user']);
    await page.getByRole('button', { name: 'Salir' }).click();
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  });

  test('three wrong PINs lock the keypad with a countdown', async ({ page, request }) => {
    const user = await createUser(request);
    const wrong = user.pin === '0000' ? '1111' : '0000';
    await page.goto(`${DOOR_STANDALONE_URL}/abridor`);
    await login(page, user.usuario, user.contraseña);
    await typePin(page, wrong);
    await page.getByRole('button', { name: 'Entrada' }).click();
    await expect(page.getByRole('alert')).toHaveText('PIN incorrecto. Intentos restantes: 2');
    await typePin(page, wrong);
    await page.getByRole('button', { name: 'Entrada' }).click();
    await expect(page.getByRole('alert')).toHaveText('PIN incorrecto. Intentos restantes: 1');
    await typePin(page, wrong);
    await page.getByRole('button', { name: 'Entrada' }).click();
    await expect(page.getByTestId('lockout')).toHaveText(/Espere 1[45] segundos antes del próximo intento/);
    await expect(page.getByText('Acceso Bloqueado: Demasiados intentos fallidos. Espere 15 segundos.')).toBeVisible();
    await expect(page.getByTestId('lockout')).toHaveText(/Espere 1[23] segundos/, { timeout: 4_000 });
  });

  test('Cambiar PIN in three steps, mismatch starts again', async ({ page, request }) => {
    const user = await createUser(request);
    const newPin = user.pin === '2468' ? '1357' : '2468';
    await page.goto(`${DOOR_STANDALONE_URL}/abridor`);
    await login(page, user.usuario, user.contraseña);
    await page.getByRole('button', { name: 'Cambiar PIN' }).click();
    await page.getByLabel('PIN actual').fill(user.pin);
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByLabel('PIN nuevo').fill(newPin);
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByLabel('Confirme el PIN nuevo').fill('9999');
    await page.getByRole('button', { name: 'Cambiar PIN', exact: true }).last().click();
    await expect(page.getByRole('alert')).toHaveText('Los PIN nuevos no coinciden');
    await expect(page.getByRole('heading', { name: /paso 1 de 3/ })).toBeVisible();
    await page.getByLabel('PIN actual').fill(user.pin);
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByLabel('PIN nuevo').fill(newPin);
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByLabel('Confirme el PIN nuevo').fill(newPin);
    await page.getByRole('button', { name: 'Cambiar PIN', exact: true }).last().click();
    await typePin(page, newPin);
    await page.getByRole('button', { name: 'Entrada' }).click();
    await expect(page.getByRole('status')).toHaveText('Acceso Autorizado: ENTRADA');
  });

  test('inside the shell, the admin adds, edits and deletes a user, and a magic link works in a fresh browser', async ({
    page,
    browser,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const usuario = `nuevo${Date.now() % 100000}`;
    await page.goto('/abridor');
    await login(page, 'admin', E2E_DOOR_ADMIN.contraseña);
    await page.getByRole('button', { name: 'Gestionar Usuarios' }).click();
    const add = page.getByRole('form', { name: 'Añadir usuario' });
    await add.getByRole('button', { name: 'Añadir' }).click();
    await expect(page.getByRole('alert')).toHaveText('Usuario, PIN y contraseña son obligatorios');
    await add.getByLabel('Usuario').fill(usuario);
    await add.getByLabel('PIN').fill(String(6000 + (Date.now() % 2000)));
    await add.getByLabel('Contraseña').fill('otra-clave');
    await add.getByRole('button', { name: 'Añadir' }).click();
    const users = page.getByRole('list', { name: 'Usuarios' });
    await expect(users.getByText(usuario, { exact: true })).toBeVisible();

    await users.getByRole('button', { name: `Editar ${usuario}` }).click();
    const edit = page.getByRole('form', { name: `Editar ${usuario}` });
    await edit.getByLabel('Box').fill('C-9');
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await expect(users.getByText('Box C-9')).toBeVisible();

    await users.getByRole('button', { name: `Magic ${usuario}` }).click();
    await expect(page.getByText('Enlace mágico copiado')).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/\/abridor-login\?token=/);
    const fresh = await browser.newContext();
    const other = await fresh.newPage();
    await other.goto(link);
    await expect(other.getByText('Acceso autorizado. Redirigiendo…')).toBeVisible();
    await expect(other).toHaveURL(/\/abridor$/, { timeout: 5_000 });
    await expect(other.getByText(`${usuario} · Box C-9`)).toBeVisible();
    // Single use: the same link again is refused.
    const third = await (await browser.newContext()).newPage();
    await third.goto(link);
    await expect(third.getByRole('alert')).toHaveText('Enlace Inválido');
    await fresh.close();

    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('¿Está seguro de eliminar este usuario?');
      void dialog.accept();
    });
    await users.getByRole('button', { name: `Eliminar ${usuario}` }).click();
    await expect(users.getByText(usuario, { exact: true })).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Últimos accesos' })).toContainText('magic_link');
  });

  test('a magic link without token says so', async ({ page }) => {
    await page.goto(`${DOOR_STANDALONE_URL}/abridor-login`);
    await expect(page.getByRole('alert')).toHaveText('Token no encontrado en el enlace');
    await page.getByRole('button', { name: 'Ir al inicio de sesión' }).click();
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  });
});
