import type { APIRequestContext, Page } from '@playwright/test';
import { DOOR_STANDALONE_URL, E2E_DOOR_ADMIN, GATEWAY_URL } from '../ports';
import { expectAccessible } from './accessible';
import { expectFitsNarrowPhone } from './signup-steps';
import { expect, test } from './test';

const fn = `${GATEWAY_URL}/functions/v1/abridor`;
let seq = 0;

// The door signs in one attempt at a time per address, and every journey here comes from 127.0.0.1:
// two of this file's sign-ins at the same moment would be one too many. Its tests run one after
// the other in a worker (a failure does not skip the rest, as 'serial' would); the phone project's
// run of it may still meet them, which the API sign-ins below wait out, as the sign-in form does
// by itself (mfe-door's busy-retry.ts).
test.describe.configure({ mode: 'default' });

/**
 * A sign-in through the function, as a client does it: answered busy (429, one attempt at a time
 * per address, and the other project's worker signs in from the same one), it tries again after
 * the Retry-After the answer gives.
 */
async function signIn(request: APIRequestContext, usuario: string, contraseña: string): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const res = await request.post(fn, { data: { action: 'login', usuario, contraseña } });
    if (res.status() !== 429 || attempt === 5) {
      expect(res.status(), `${usuario} signs in`).toBe(200);
      return (await res.json()).token;
    }
    await new Promise((resolve) => setTimeout(resolve, Number(res.headers()['retry-after'] ?? 1) * 1000));
  }
}

const adminToken = (request: APIRequestContext) => signIn(request, 'admin', E2E_DOOR_ADMIN.contraseña);

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
  const id = (await res.json()).user.id as string;
  // The admin chose that one: the user chooses their own at the first sign-in (shown in the admin journey).
  const own = await request.post(fn, {
    data: {
      action: 'change_password',
      token: await signIn(request, usuario, 'clave-segura'),
      contraseñaActual: 'clave-segura',
      contraseñaNueva: 'farola-tomate-ventana',
    },
  });
  expect(own.status()).toBe(200);
  return { usuario, pin, contraseña: 'farola-tomate-ventana', id };
}

/** The 15 s of a PIN lockout pass on the service's clock (moved in development), not in real time. */
async function passLockout(request: APIRequestContext) {
  const moved = await request.post('/functions/v1/dev-clock', { data: { hours: 16 / 3600 } });
  expect(moved.status()).toBe(200);
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

    const result = page.getByTestId('door-result');
    await expect(result).toHaveAttribute('role', 'status');
    await page.getByRole('button', { name: 'Entrada' }).click();
    await expect(result).toHaveText('Debe ingresar un PIN de 4 dígitos');
    await typePin(page, `${user.pin}9`);
    await expect(page.getByTestId('pin-display')).toHaveAttribute('aria-label', 'PIN: 4 de 4 dígitos');
    await page.getByRole('button', { name: 'Entrada' }).click();
    await expect(result).toHaveText('Acceso Autorizado: ENTRADA');
    await expect(page.getByTestId('pin-display')).toHaveAttribute('aria-label', 'PIN: 0 de 4 dígitos');
    // Physical keyboard digits work too.
    await page.keyboard.type(user.pin);
    await page.getByRole('button', { name: 'Salida' }).click();
    await expect(result).toHaveText('Acceso Autorizado: SALIDA');

    // The session survives a reload (token, never the password, is stored).
    await page.reload();
    await expect(page.getByRole('button', { name: 'Salir' })).toBeVisible();
    expect(await page.evaluate(() => Object.keys(localStorage).sort())).toEqual([
      'abridor_idioma',
      'abridor_token',
      'abridor_user',
    ]);
    await page.getByRole('button', { name: 'Salir' }).click();
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  });

  test('speaks English when asked, by the name a voice user says, on a 375×667 phone, and the device remembers it', async ({
    page,
    request,
  }) => {
    const user = await createUser(request);
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto('/abridor');
    await expect(page.getByRole('main')).toHaveAttribute('lang', 'es');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('main')).toHaveAttribute('lang', 'en');
    await page.getByLabel('User').fill(user.usuario);
    await page.getByLabel('Password').fill('wrong-one');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid credentials');
    await page.getByLabel('Password').fill(user.contraseña);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Signing in speaks the user's own language: this one was made by the admin, so Spanish.
    await expect(page.getByRole('button', { name: 'Entrada' })).toBeVisible();
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByText(`${user.usuario} · Unit B-7`)).toBeVisible();
    const result = page.getByTestId('door-result');
    await typePin(page, user.pin);
    await page.getByRole('button', { name: 'Entry' }).click();
    await expect(result).toHaveText('Access granted: entry');
    await typePin(page, user.pin === '1111' ? '2222' : '1111');
    await page.getByRole('button', { name: 'Exit' }).click();
    await expect(result).toHaveText('Wrong PIN. Attempts left: 2');
    await expectOnScreen(page, 'door-buttons');
    await expectFitsNarrowPhone(page);
    await expectAccessible(page);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Change PIN' })).toBeVisible();
    await page.getByRole('button', { name: 'Change PIN' }).click();
    await expect(page.getByRole('heading', { name: 'Change PIN · step 1 of 3' })).toBeVisible();
    await page.getByRole('button', { name: 'Español' }).click();
    await expect(page.getByRole('heading', { name: 'Cambiar PIN · paso 1 de 3' })).toBeVisible();
  });

  test('three wrong PINs lock the keypad with a countdown', async ({ page, request }) => {
    const user = await createUser(request);
    const wrong = user.pin === '0000' ? '1111' : '0000';
    await page.goto(`${DOOR_STANDALONE_URL}/abridor`);
    await login(page, user.usuario, user.contraseña);
    const result = page.getByTestId('door-result');
    await typePin(page, wrong);
    await page.getByRole('button', { name: 'Entrada' }).click();
    await expect(result).toHaveText('PIN incorrecto. Intentos restantes: 2');
    await typePin(page, wrong);
    await page.getByRole('button', { name: 'Entrada' }).click();
    await expect(result).toHaveText('PIN incorrecto. Intentos restantes: 1');
    await typePin(page, wrong);
    await page.getByRole('button', { name: 'Entrada' }).click();
    await expect(page.getByTestId('lockout')).toHaveText(/Espere 1[45] segundos antes del próximo intento/);
    await expect(result).toHaveText('Acceso Bloqueado: Demasiados intentos fallidos.');
    await expect(page.getByTestId('lockout')).toHaveText(/Espere 1[23] segundos/, { timeout: 4_000 });
  });

  test('the lockout counts 15 s down each second by the server clock, not the phone one, then clears @phone', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const user = await createUser(request);
    const wrong = user.pin === '0000' ? '1111' : '0000';
    // A phone whose clock is 9 s behind the server's: the field test saw 24 s.
    await page.clock.install({ time: Date.now() - 9_000 });
    await page.goto(`${DOOR_STANDALONE_URL}/abridor`);
    await login(page, user.usuario, user.contraseña);
    const result = page.getByTestId('door-result');
    for (const left of [2, 1]) {
      await typePin(page, wrong);
      await page.getByRole('button', { name: 'Entrada' }).click();
      await expect(result).toHaveText(`PIN incorrecto. Intentos restantes: ${left}`);
    }
    await typePin(page, wrong);
    await page.getByRole('button', { name: 'Entrada' }).click();
    const lockout = page.getByTestId('lockout');
    await expect(lockout).toHaveText(/^Espere 1[45] segundos antes del próximo intento$/);
    await expect(result).toHaveText('Acceso Bloqueado: Demasiados intentos fallidos.');
    for (const name of ['1', '0', 'Borrar todo', 'Entrada', 'Salida']) {
      await expect(page.getByRole('button', { name, exact: true })).toBeDisabled();
    }
    // The phone's clock stops here and moves one second at a time (moved, not waited for): each
    // second is shown once, one after another.
    // (A second ahead: the page's clock keeps up with real time until it stops, and it cannot stop in
    // its past.)
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
    const first = Number((await lockout.textContent())?.match(/\d+/)?.[0]);
    expect(first).toBeLessThanOrEqual(15);
    for (let left = first - 1; left > first - 4; left--) {
      await page.clock.runFor(1_000);
      await expect(lockout).toHaveText(`Espere ${left} segundos antes del próximo intento`);
    }
    // The 15 s pass on both clocks (the service's, moved in development; the phone's, fast-forwarded):
    // at the end the keypad is back, without a stale message.
    await passLockout(request);
    await page.clock.runFor(15_000);
    await expect(lockout).toBeHidden();
    await expect(result).toHaveText('');
    await expect(page.getByText(/Espere|Bloqueado/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Entrada' })).toBeEnabled();
    await typePin(page, user.pin);
    await page.getByRole('button', { name: 'Entrada' }).click();
    await expect(result).toHaveText('Acceso Autorizado: ENTRADA');
  });

  test('the keyboard: focus on the login, digits, Backspace and Enter = ENTRADA, focus kept', async ({
    page,
    request,
  }) => {
    const user = await createUser(request);
    await page.goto('/abridor');
    await expect(page.getByLabel('Usuario')).toBeFocused();
    await page.keyboard.type(user.usuario);
    await page.getByLabel('Contraseña').fill(user.contraseña);
    await page.keyboard.press('Enter');
    const result = page.getByTestId('door-result');
    await expect(page.getByRole('button', { name: 'Salir' })).toBeVisible();
    await page.keyboard.type(`${user.pin.slice(0, 3)}9`);
    await page.keyboard.press('Backspace');
    await page.keyboard.type(user.pin.slice(3));
    await page.keyboard.press('Enter');
    await expect(result).toHaveText('Acceso Autorizado: ENTRADA');
    // Tabbing to Entrada and pressing it keeps the focus there.
    await typePin(page, user.pin);
    const entrada = page.getByRole('button', { name: 'Entrada' });
    await entrada.focus();
    await page.keyboard.press('Enter');
    await expect(result).toHaveText('Acceso Autorizado: ENTRADA');
    await expect(entrada).toBeFocused();
  });

  test('a stored session shows a neutral loading state until checked, never the stored admin', async ({ page }) => {
    await page.route('**/functions/v1/abridor', async (route) => {
      if (route.request().postDataJSON()?.action === 'validate_token') await new Promise((r) => setTimeout(r, 1_500));
      await route.continue();
    });
    await page.goto('/abridor');
    await page.evaluate(() => {
      localStorage.setItem('abridor_token', 'revoked-token');
      localStorage.setItem('abridor_user', JSON.stringify({ id: '1', usuario: 'admin', box: null, isAdmin: true }));
    });
    await page.reload();
    await expect(page.getByRole('status')).toHaveText('Comprobando la sesión…');
    await expect(page.getByRole('button', { name: 'Gestionar Usuarios' })).toHaveCount(0);
    await expect(page.getByLabel('Usuario')).toBeFocused();
    await expect(page.getByRole('button', { name: 'Gestionar Usuarios' })).toHaveCount(0);
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
    await expect(page.getByTestId('door-result')).toHaveText('PIN cambiado correctamente.');
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
    await expect(add.getByRole('alert')).toHaveText('Usuario, PIN y contraseña son obligatorios');
    await expect(add.getByLabel('Usuario')).toBeFocused();
    await add.getByLabel('Usuario').fill(usuario);
    await add.getByLabel('PIN').fill(String(6000 + (Date.now() % 2000)));
    await add.getByLabel('Contraseña').fill('otra-clave');
    await add.getByRole('button', { name: 'Añadir' }).click();
    // Door passwords follow the staff's rule (ASVS 2.1): the server says why, in the door's Spanish.
    await expect(add.getByRole('alert')).toHaveText('La contraseña debe tener al menos 12 caracteres');
    await add.getByLabel('Contraseña').fill('otra-clave-mas-larga');
    await add.getByRole('button', { name: 'Añadir' }).click();
    const users = page.getByRole('list', { name: 'Usuarios' });
    await expect(users.getByText(usuario, { exact: true })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'añadido' })).toHaveText(`Usuario ${usuario} añadido.`);
    await expect(add.getByLabel('Usuario')).toBeFocused();

    await users.getByRole('button', { name: `Editar ${usuario}` }).click();
    const edit = page.getByRole('form', { name: `Editar ${usuario}` });
    // The inline edit fields fit a 360 px phone.
    await expectFitsNarrowPhone(page);
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
    // The admin chose the password: the user chooses their own before the keypad shows.
    await expect(other.getByRole('heading', { name: 'Elija su contraseña' })).toBeVisible();
    await other.getByLabel('Contraseña actual').fill('otra-clave-mas-larga');
    await other.getByLabel('Contraseña nueva', { exact: true }).fill('mi-farola-de-siempre');
    await other.getByLabel('Repita la contraseña nueva').fill('mi-farola-de-siempre');
    await other.getByRole('button', { name: 'Guardar mi contraseña' }).click();
    await expect(other.getByText('Contraseña guardada. Ya puede abrir la puerta.')).toBeVisible();
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

/** Bottom edge of an element's box in CSS pixels, and the page's scroll height, against the viewport. */
async function fits(page: Page, testId: string) {
  return page.evaluate((id) => {
    const box = document.querySelector(`[data-testid="${id}"]`)?.getBoundingClientRect();
    return {
      bottom: box ? Math.ceil(box.bottom) : Number.NaN,
      scrollHeight: document.scrollingElement?.scrollHeight ?? Number.NaN,
      innerHeight: window.innerHeight,
      scrollWidth: document.scrollingElement?.scrollWidth ?? Number.NaN,
      innerWidth: window.innerWidth,
    };
  }, testId);
}

async function expectOnScreen(page: Page, testId: string) {
  const m = await fits(page, testId);
  expect(m.scrollHeight, 'no vertical scrolling').toBeLessThanOrEqual(m.innerHeight);
  expect(m.scrollWidth, 'no horizontal scrolling').toBeLessThanOrEqual(m.innerWidth);
  expect(m.bottom, `${testId} above the bottom edge`).toBeLessThanOrEqual(m.innerHeight);
}

test.describe('the keypad screen on a 360×640 phone', () => {
  // The admin has the tallest keypad screen (Gestionar Usuarios); his PIN fails here on purpose,
  // so these run one after the other, and each waits its lockout out.
  test.describe.configure({ mode: 'serial' });
  test.use({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  for (const [where, base] of [
    ['in the shell, through the gateway', ''],
    ['standalone, on the door origin', DOOR_STANDALONE_URL],
  ] as const) {
    test(`fits without scrolling with every result, ${where}`, async ({ page, request }) => {
      test.setTimeout(60_000);
      await page.goto(`${base}/abridor`);
      await login(page, 'admin', E2E_DOOR_ADMIN.contraseña);
      await expect(page.getByRole('button', { name: 'Gestionar Usuarios' })).toBeVisible();
      await expect(page.getByRole('main')).toHaveCount(1);
      const result = page.getByTestId('door-result');
      await expectOnScreen(page, 'door-buttons');
      const salida = await page.getByRole('button', { name: 'Salida' }).boundingBox();
      expect((salida?.y ?? 0) + (salida?.height ?? 0), 'Salida clear of the bottom edge').toBeLessThanOrEqual(632);

      await typePin(page, E2E_DOOR_ADMIN.pin);
      await page.getByRole('button', { name: 'Entrada' }).click();
      await expect(result).toHaveText('Acceso Autorizado: ENTRADA');
      await expectOnScreen(page, 'door-result');

      await typePin(page, '1111');
      await page.getByRole('button', { name: 'Entrada' }).click();
      await expect(result).toHaveText('PIN incorrecto. Intentos restantes: 2');
      await expectOnScreen(page, 'door-result');

      for (let i = 0; i < 2; i++) {
        await typePin(page, '1111');
        await page.getByRole('button', { name: 'Entrada' }).click();
        await expect(result).not.toHaveText('PIN incorrecto. Intentos restantes: 2');
      }
      await expect(page.getByTestId('lockout')).toBeVisible();
      await expectOnScreen(page, 'lockout');
      await expectOnScreen(page, 'door-result');
      await expectAccessible(page);
      // The next test uses the admin's PIN again: the lockout passes on the service's clock.
      await passLockout(request);
    });
  }
});
