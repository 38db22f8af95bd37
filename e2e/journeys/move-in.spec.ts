import type { APIRequestContext } from '@playwright/test';
import { E2E_DOOR_ADMIN, E2E_MANAGER } from '../ports';
import { expectAccessible } from './accessible';
import {
  applicant,
  BUSINESS_EMAIL,
  becomeTenant,
  compactPhone,
  expectFitsNarrowPhone,
  lastMessage,
  received,
  throughDocuments,
} from './signup-steps';
import { expect, test } from './test';

/** The demo's Trastero 18 m³ has one free unit: the tenant takes it, and then there is a line. */
const LAST_UNIT_PRODUCT = { productId: '209', productName: 'Trastero 18 m³', unitsRequired: 1, volumeRequested: 16 };
const signupWithLastUnit = () => `/es/alta?${new URLSearchParams({ productos: JSON.stringify(LAST_UNIT_PRODUCT) })}`;

/** Someone joins the line for the product (the calculator's waitlist form sends this). */
async function joinWaitlist(request: APIRequestContext, who: { email: string; phone: string }, name: string) {
  const res = await request.post('/functions/v1/send-waitlist-email', {
    data: {
      fullName: name,
      phone: who.phone,
      email: who.email,
      timeframe: 'asap',
      product: { pid: LAST_UNIT_PRODUCT.productId, name: LAST_UNIT_PRODUCT.productName, numberProductsRequired: 1 },
      volumeRequested: LAST_UNIT_PRODUCT.volumeRequested,
    },
  });
  expect(res.status()).toBe(200);
}

const privatePath = (text: string) => /https?:\/\/[^/\s]+(\/es\/lista-espera\/[A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? '';

test.describe('move-in: from the last signature to a tenant at the door, and the waitlist after them', {
  tag: '@moves-the-clock',
}, () => {
  test.setTimeout(240_000);

  test('the tenant gets the unit, the signed PDF, a PIN and a link, opens the door on a phone; staff end the rental; the line gets it', async ({
    page,
    browser,
    request,
  }) => {
    const who = applicant();
    const { unitNumber, code } = await becomeTenant(page, request, who, signupWithLastUnit());

    // The signed contract, as a PDF, in the tenant's inbox and the business's.
    const contract = await received(request, who.email, new RegExp(`^Tu contrato firmado .*· ${code}$`));
    expect(contract.text).toContain(`Tu trastero: ${unitNumber}.`);
    expect(contract.attachments.map((file) => [file.filename, file.contentType])).toEqual([
      [`contrato-${code}.pdf`, 'application/pdf'],
    ]);
    expect(
      Buffer.from(contract.attachments[0]?.base64 ?? '', 'base64')
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await received(request, BUSINESS_EMAIL, new RegExp(`^Contrato firmado · ${code} `));

    // The PIN by SMS, the single-use sign-in link by e-mail.
    const sms = await lastMessage(request, compactPhone(who.phone));
    const pin = /: (\d{4})\./.exec(sms)?.[1] ?? '';
    expect(sms).toContain(unitNumber);
    expect(pin).toMatch(/^\d{4}$/);
    const access = await received(request, who.email, /^Tu acceso a la puerta/);
    const link = new URL(/(https?:\/\/\S+\/abridor-login\?token=\S+)/.exec(access.text)?.[1] ?? 'http://x/');

    // At the door, on a small phone: the link signs in, the PIN opens.
    const phone = await browser.newContext({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });
    const door = await phone.newPage();
    await door.goto(link.pathname + link.search);
    await expect(door.getByText('Acceso autorizado. Redirigiendo…')).toBeVisible();
    await expect(door).toHaveURL(/\/abridor$/, { timeout: 5_000 });
    await expect(door.getByText(`${who.email} · Box ${unitNumber}`)).toBeVisible();
    for (const digit of pin) await door.getByRole('button', { name: digit, exact: true }).click();
    await door.getByRole('button', { name: 'Entrada' }).click();
    await expect(door.getByTestId('door-result')).toHaveText('Acceso Autorizado: ENTRADA');

    // Staff suspend her access: the same PIN is refused at the door, with nothing owed on screen.
    const office = await browser.newContext();
    const backoffice = (action: string, data: Record<string, unknown>) =>
      office.request.post('/functions/v1/backoffice', { data: { action, ...data } });
    expect((await backoffice('login', E2E_MANAGER)).status()).toBe(200);
    const found = await (await backoffice('list_registrations', { search: code })).json();
    const registrationId = found.rows[0].registrationId as string;
    expect((await backoffice('suspend_access', { registrationId, reason: 'Revisión del contrato' })).status()).toBe(
      200,
    );
    for (const digit of pin) await door.getByRole('button', { name: digit, exact: true }).click();
    await door.getByRole('button', { name: 'Entrada' }).click();
    await expect(door.getByTestId('door-result')).toHaveText('Acceso suspendido: contacta con la oficina');
    await received(request, who.email, /^Acceso al trastero suspendido$/);
    expect((await backoffice('restore_access', { registrationId, reason: 'Revisado' })).status()).toBe(200);
    for (const digit of pin) await door.getByRole('button', { name: digit, exact: true }).click();
    await door.getByRole('button', { name: 'Entrada' }).click();
    await expect(door.getByTestId('door-result')).toHaveText('Acceso Autorizado: ENTRADA');
    await office.close();

    // The product is full now: two people join its line and see their places on their private pages.
    const [ana, luis] = [applicant(), applicant()];
    await joinWaitlist(request, ana, 'Ana Espera');
    await joinWaitlist(request, luis, 'Luis Espera');
    // Each confirms from the e-mail's link: only then in line.
    const anaPage = privatePath((await received(request, ana.email, /^Confirma tu lista de espera/)).text);
    const luisPage = privatePath((await received(request, luis.email, /^Confirma tu lista de espera/)).text);
    const waiting = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const anaView = await waiting.newPage();
    await anaView.goto(anaPage);
    await expect(anaView.getByTestId('waitlist-state')).toContainText('Falta un paso: confirma tu solicitud antes del');
    await anaView.getByRole('button', { name: 'Confirmar y entrar en la lista' }).click();
    await expect(anaView.getByText('Hecho: ya estás en la lista de espera.')).toBeVisible();
    await expect(anaView.getByTestId('waitlist-state')).toHaveText('Estás en la posición 1 de la lista.');
    const luisView = await waiting.newPage();
    await luisView.goto(luisPage);
    await luisView.getByRole('button', { name: 'Confirmar y entrar en la lista' }).click();
    await expect(luisView.getByTestId('waitlist-state')).toHaveText('Estás en la posición 2 de la lista.');

    // Staff end the rental from the door's administration.
    await page.goto('/abridor');
    await page.getByLabel('Usuario').fill('admin');
    await page.getByLabel('Contraseña').fill(E2E_DOOR_ADMIN.contraseña);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('button', { name: 'Gestionar Usuarios' }).click();
    const users = page.getByRole('list', { name: 'Usuarios' });
    await expect(users.getByText(`Box ${unitNumber} · Alquiler ${code}`)).toBeVisible();
    // Tenants' user names are e-mail addresses, the access log's lines long: all within 360 px.
    await expectFitsNarrowPhone(page);
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toContain(`Se liberan sus trasteros (${unitNumber})`);
      void dialog.accept();
    });
    await users.getByRole('button', { name: `Finalizar alquiler de ${who.email}` }).click();
    await expect(page.getByRole('status').filter({ hasText: 'finalizado' })).toHaveText(
      `Alquiler ${code} finalizado: ${unitNumber} libre(s); acceso de ${who.email} revocado.`,
    );
    await expect(users.getByText(who.email, { exact: true })).toHaveCount(0);

    // The tenant's phone has lost the door.
    for (const digit of pin) await door.getByRole('button', { name: digit, exact: true }).click();
    await door.getByRole('button', { name: 'Entrada' }).click();
    await expect(door.getByRole('button', { name: 'Entrar' })).toBeVisible();
    await received(request, who.email, /^Fin de tu alquiler/);
    await phone.close();

    // Moved out: a manager, on her phone, checks the unit and gives the deposit back, keeping a part.
    const manager = await browser.newContext({ viewport: { width: 375, height: 740 } });
    expect(
      (await manager.request.post('/functions/v1/backoffice', { data: { action: 'login', ...E2E_MANAGER } })).status(),
    ).toBe(200);
    const desk = await manager.newPage();
    await desk.goto(`/gestion/altas/${registrationId}`);
    const deposit = desk.getByRole('region', { name: 'Devolver la fianza' });
    await deposit.getByRole('button', { name: 'Devolver la fianza' }).click();
    await expect(deposit.getByText('Revisa el trastero antes de devolver la fianza.')).toBeVisible();
    await deposit.getByLabel('He revisado el trastero: está vacío y en buen estado').check();
    // She owes nothing: nothing can be kept.
    await expect(deposit.getByText(/^Debe ahora \(recibos devueltos y recargos\): 0,00\s€\.$/)).toBeVisible();
    await deposit.getByLabel('Importe que se retiene (€; vacío: nada)').fill('10,5');
    await deposit.getByLabel('Motivo de lo retenido (se envía al inquilino)').fill('Limpieza');
    await deposit.getByRole('button', { name: 'Devolver la fianza' }).click();
    await expect(deposit.getByText('Escribe un importe de 0 a 0,00 €.')).toBeVisible();
    await deposit.getByLabel('Importe que se retiene (€; vacío: nada)').fill('');
    await expectFitsNarrowPhone(desk);
    await expectAccessible(desk);
    desk.once('dialog', (dialog) => {
      expect(dialog.message()).toMatch(/y retener 0,00\s€\?/);
      void dialog.accept();
    });
    await deposit.getByRole('button', { name: 'Devolver la fianza' }).click();
    await expect(desk.getByText(/^Fianza devuelta: .* a la tarjeta, 0,00\s€ retenido/)).toBeVisible();
    await expect(desk.getByRole('region', { name: 'Devolver la fianza' })).toHaveCount(0);
    expect((await received(request, who.email, /^Tu fianza · /)).text).toContain('Te hemos devuelto');
    await manager.close();

    // The freed unit is held for the first in line, by e-mail, SMS and on her page.
    const offer = await received(request, ana.email, /^¡Tu trastero está disponible!/);
    expect(offer.text).toContain(`te guardamos ${unitNumber} hasta el`);
    expect(await lastMessage(request, compactPhone(ana.phone))).toContain('disponible para ti');
    await anaView.reload();
    await expect(anaView.getByRole('heading', { name: '¡Tu trastero está disponible!' })).toBeVisible();
    await expect(anaView.getByText(new RegExp(`Te guardamos ${unitNumber} hasta el`))).toBeVisible();
    await expectAccessible(anaView);

    // She lets it expire: 49 hours later (the service's clock, moved in development), it passes on.
    const moved = await request.post('/functions/v1/dev-clock', { data: { hours: 49 } });
    expect(moved.status()).toBe(200);
    await received(request, ana.email, /^Tu oferta ha caducado/);
    await anaView.reload();
    await expect(anaView.getByTestId('waitlist-state')).toContainText('Tu oferta caducó');

    // The second accepts it from the link in his offer and starts the sign-up with the unit held.
    const luisOffer = await received(request, luis.email, /^¡Tu trastero está disponible!/);
    await luisView.goto(privatePath(luisOffer.text));
    await luisView.getByRole('button', { name: 'Empezar el alta' }).click();
    await expect(luisView).toHaveURL(/\/es\/alta\?productos=/);
    await throughDocuments(luisView, request, 'es', luis);
    // Nobody else can choose it (its stock is 0), but it is his.
    const held = luisView.getByRole('radio', { name: /Trastero 18 m³/ });
    await expect(held).toBeEnabled();
    await expect(held).toBeChecked();
    await waiting.close();
  });
});
