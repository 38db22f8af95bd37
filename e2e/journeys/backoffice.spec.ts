import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { ReceivedMail } from '../mailbox';
import { BACKOFFICE_STANDALONE_URL, E2E_MANAGER, MAILBOX_URL } from '../ports';
import { expectAccessible } from './accessible';
import {
  applicant,
  expectFitsNarrowPhone,
  PNG,
  payWithCard,
  received,
  sign,
  signingLink,
  throughDocuments,
} from './signup-steps';
import { expect, test, waitingForHydration } from './test';

/** A product with units to spare: these journeys are about the back-office, not the last unit. */
const PRODUCT = { productId: '202', productName: 'Trastero 3 m³', unitsRequired: 1, volumeRequested: 3 };

/** A member of staff's own browser, signed in through the login form. */
async function signedIn(
  browser: Browser,
  who: { email: string; password: string },
  options: { width?: number; base?: string; path?: string } = {},
): Promise<Page> {
  const width = options.width ?? 1280;
  const context = await browser.newContext({
    viewport: { width, height: width < 500 ? 640 : 900 },
    ...(options.base ? { baseURL: options.base } : {}),
  });
  const page = waitingForHydration(await context.newPage());
  await page.goto(options.path ?? '/gestion');
  await page.getByLabel('Correo electrónico').fill(who.email);
  await page.getByLabel('Contraseña').fill(who.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('navigation', { name: 'Secciones' })).toBeVisible();
  return page;
}

/** A phone of its own per booking: one number holds at most two future visits. */
const visitorPhone = () =>
  `+34 6${String(Date.now()).slice(-8, -6)} ${String(Date.now()).slice(-6, -3)} ${String(Date.now()).slice(-3)}`;

test.describe('back-office', () => {
  test.setTimeout(180_000);

  test("a rejected document reopens its slot on the applicant's phone, with the reason; the new file reaches staff as new @phone", async ({
    page,
    browser,
    request,
  }) => {
    const who = applicant();
    await page.setViewportSize({ width: 360, height: 640 });
    await page.goto(`/es/alta?${new URLSearchParams({ productos: JSON.stringify(PRODUCT) })}`);
    const proceso = await throughDocuments(page, request, 'es', who);
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expect(page).toHaveURL(`/es/alta/revision?proceso=${proceso}`);
    const code =
      /([A-Z0-9]{6})$/.exec(
        (
          (await page
            .getByText(/código de registro: /i)
            .first()
            .textContent()) ?? ''
        ).trim(),
      )?.[1] ?? '';

    const manager = await signedIn(browser, E2E_MANAGER);
    await manager.goto(`/gestion/altas/${proceso}`);
    await expect(manager.getByRole('heading', { level: 1, name: `Alta ${code}` })).toBeVisible();
    await manager.getByRole('button', { name: 'Rechazar: DNI/NIE · cara trasera' }).click();
    await manager.getByLabel(/Motivo del rechazo|Por qué se rechaza/).fill('La foto está borrosa');
    await manager.getByRole('button', { name: /Rechazar y avisar/ }).click();
    await expect(manager.getByText('Motivo: La foto está borrosa')).toBeVisible();

    // Back on her phone, the applicant lands on the documents step: that slot is open again.
    await page.goto(`/es/alta/revision?proceso=${proceso}`);
    await page
      .getByRole('button', { name: /Documentos/ })
      .first()
      .click();
    await expect(page).toHaveURL(`/es/alta/documentos?proceso=${proceso}`);
    await expect(page.getByRole('alert').filter({ hasText: 'necesitamos que vuelvas a subir' })).toBeVisible();
    await expect(page.getByTestId('document-backId')).toContainText(
      'Rechazado por nuestro equipo: La foto está borrosa. Sube uno nuevo.',
    );
    await expect(page.getByTestId('document-frontId')).toContainText('✓ Recibido');
    await expectFitsNarrowPhone(page);
    await page.getByLabel('Parte trasera del DNI/NIE').setInputFiles({
      name: 'reverso-nitido.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await page.getByRole('button', { name: 'Guardar documentos' }).click();
    await expect(page).toHaveURL(/\/es\/alta\/servicios\?/);

    await manager.reload();
    await expect(manager.getByTestId('resubmitted-backId')).toContainText(
      'tras rechazar el anterior por «La foto está borrosa»',
    );
    await expect(manager.getByText('Sin revisar').first()).toBeVisible();
    await manager.context().close();
  });

  // @manual-signature: it switches the company's automatic signature off, so it runs on a stack of
  // its own, away from the journeys that count on it (playwright.config.ts).
  test("with the automatic signature off, a manager sees the new sign-up, views its documents, countersigns in the app, and the applicant's screen completes live @manual-signature", async ({
    page,
    browser,
    request,
  }) => {
    // Today says the company signs by itself; the manager switches that off, after confirming.
    const manager = await signedIn(browser, E2E_MANAGER);
    const setting = manager.getByTestId('auto-countersign');
    await expect(setting).toContainText('Firma automática de la empresa: activada.');
    manager.once('dialog', (dialog) => void dialog.accept());
    await setting.getByRole('button', { name: 'Desactivar la firma automática' }).click();
    await expect(setting).toContainText('Firma automática de la empresa: desactivada.');
    try {
      await countersignedByHand(page, manager, request, browser);
    } finally {
      await manager.request.post('/functions/v1/backoffice', {
        data: { action: 'set_auto_countersign', enabled: true },
      });
      await manager.context().close();
    }
  });

  async function countersignedByHand(page: Page, manager: Page, request: APIRequestContext, browser: Browser) {
    const who = applicant();
    await page.goto(`/es/alta?${new URLSearchParams({ productos: JSON.stringify(PRODUCT) })}`);
    await throughDocuments(page, request, 'es', who);
    await expect(page.getByRole('radio', { name: /Trastero 3 m³/ })).toBeChecked();
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByRole('button', { name: 'Crear', exact: true }).click();
    const paid = await payWithCard(page, /Pagar la fianza/, '4242424242424242');
    await expect(paid.getByRole('heading', { name: /Pago completado/ })).toBeVisible();
    await paid.close();
    await page.getByRole('button', { name: 'Crear contrato' }).click();
    await sign(page, await signingLink(page, request, who.email), 'Ana García');
    await expect(page.getByTestId('contract-status')).toHaveText('Pendiente de la firma de la empresa');
    const code =
      /([A-Z0-9]{6})$/.exec(
        (
          (await page
            .getByText(/código de registro: /i)
            .first()
            .textContent()) ?? ''
        ).trim(),
      )?.[1] ?? '';

    // The manager, in her own browser: the sign-up waits for the company on Today.
    await manager.reload();
    await expect(manager.getByRole('heading', { level: 1, name: 'Hoy' })).toBeVisible();
    await expectAccessible(manager);
    // The browser's own request for the image, with the session cookie and nothing else.
    const frontLoaded = manager.waitForResponse((res) => res.url().includes('documentType=frontId'));
    await manager
      .getByRole('region', { name: /Contratos a la espera de la firma de la empresa/ })
      .getByRole('link', { name: new RegExp(`^${code} · `) })
      .click();
    await expect(manager.getByRole('heading', { level: 1, name: `Alta ${code}` })).toBeVisible();
    await expect(manager.getByText('Aprueba los tres documentos antes de firmar.')).toBeVisible();

    // The documents are shown to her, streamed through the function; nobody else gets them.
    const front = manager.getByRole('img', { name: `DNI/NIE · cara delantera de ${code}` });
    await front.scrollIntoViewIfNeeded();
    const frontAnswer = await frontLoaded;
    expect(frontAnswer.status()).toBe(200);
    expect(frontAnswer.headers()['content-type']).toBe('image/png');
    const bankFrame = manager.getByTitle(`Certificado de titularidad bancaria de ${code}`);
    const documentUrl = (await bankFrame.getAttribute('src')) ?? '';
    expect(documentUrl).toMatch(/^\/functions\/v1\/backoffice\/document\?registrationId=/);
    const asStaff = await manager.request.get(documentUrl);
    expect(asStaff.status()).toBe(200);
    expect(asStaff.headers()['content-type']).toBe('application/pdf');
    expect((await request.get(documentUrl)).status()).toBe(401);
    await expectAccessible(manager);

    for (const name of ['DNI/NIE · cara delantera', 'DNI/NIE · cara trasera', 'Certificado de titularidad bancaria']) {
      await manager.getByRole('button', { name: `Aprobar: ${name}` }).click();
      await expect(manager.getByText(`${name}: aprobado.`)).toBeVisible();
    }
    await manager.getByLabel(/lo firmo en nombre de la empresa/).check();
    await manager.getByRole('button', { name: 'Firmar el contrato' }).dblclick();
    await expect(manager.getByText(/^Contrato firmado\. Trasteros asignados: B-\d{3}\.$/)).toBeVisible();
    await expect(manager.getByText('Completada').first()).toBeVisible();

    // The applicant did nothing: her review completed by itself.
    await expect(page.getByTestId('contract-status')).toHaveText('Firmado por ambas partes');
    await expect(page.getByTestId('move-in-status')).toHaveText(/^B-\d{3}$/);

    // Each view and the signature are in the audit, once.
    await manager.getByRole('link', { name: 'Registro' }).click();
    await manager.getByRole('searchbox', { name: 'Buscar' }).fill(code);
    await manager.getByRole('button', { name: 'Buscar', exact: true }).click();
    const log = manager.getByRole('table');
    await expect(log.getByRole('row').filter({ hasText: 'Firmó el contrato como empresa' })).toHaveCount(1);
    await expect(log.getByRole('row').filter({ hasText: 'Vio un documento' }).first()).toBeVisible();
    await expectAccessible(manager);

    // Moved in: the first month's invoice reaches the tenant with its PDF.
    const invoice = await received(request, who.email, /^Factura F\d{4}-\d{6}$/);
    expect(invoice.attachments).toEqual([expect.objectContaining({ contentType: 'application/pdf' })]);

    // Her first collection is due in two days: the manager sends it to the bank on her phone.
    await manager.setViewportSize({ width: 375, height: 740 });
    await manager.getByRole('link', { name: 'Cobros' }).click();
    await expect(manager.getByRole('heading', { level: 1, name: 'Cobros' })).toBeVisible();
    const due = manager.getByRole('row').filter({ hasText: code });
    await expect(due).toContainText('Primero');
    await expectFitsNarrowPhone(manager);
    await expectAccessible(manager);
    manager.once('dialog', (dialog) => void dialog.accept());
    await manager.getByRole('button', { name: 'Crear remesa' }).click();
    await expect(manager.getByText(/^Remesa REM-\d{14}-[0-9A-F]{8} creada con \d+ recibos?\./)).toBeVisible();
    // Sent: no longer due, listed with the remittance it went in.
    await expect(manager.getByRole('row').filter({ hasText: code })).toHaveCount(1);
    await expect(manager.getByRole('row').filter({ hasText: code })).toContainText('REM-');
    const download = manager.waitForEvent('download');
    await manager
      .getByRole('link', { name: /^Descargar la remesa REM-/ })
      .first()
      .click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^REM-\d{14}-[0-9A-F]{8}\.xml$/);
    const { readFile } = await import('node:fs/promises');
    const xml = await readFile((await file.path()) ?? '', 'utf8');
    expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.008.001.02');
    expect(xml).toContain('<SeqTp>FRST</SeqTp>');
    // The bank's report cannot be read: nothing recorded, and the screen says where.
    await manager.getByLabel('Informe del banco (pain.002 o camt.054, XML)').setInputFiles({
      name: 'banco.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from('<Document>\n<Ntfctn>\n</Document>'),
    });
    await manager.getByRole('button', { name: 'Importar' }).click();
    await expect(manager.getByText(/^No se ha importado nada: XML mal formado en la línea 3/)).toBeVisible();
    // The bank returned it, refused by her (MS02): recorded by hand, she owes it now.
    const sentRow = manager.getByRole('row').filter({ hasText: code }).filter({ hasText: 'REM-' });
    await sentRow.getByLabel('Motivo de la devolución de Ana García').selectOption('MS02');
    await sentRow.getByRole('button', { name: 'Devuelto: Ana García' }).click();
    await expect(manager.getByText('Recibo de Ana García marcado como devuelto; se le ha avisado.')).toBeVisible();
    const owing = manager.getByRole('table', { name: 'Impagos' }).getByRole('row').filter({ hasText: code });
    await expect(owing).toContainText('62,00 €');
    await expect(owing).toContainText('Abierto');
    await expectFitsNarrowPhone(manager);
    await expectAccessible(manager);

    // Her account, from the arrears list: the invoice, the return, 62,00 € due now.
    await owing.getByRole('link', { name: 'Ana García' }).click();
    await expect(manager.getByRole('heading', { level: 1, name: `Alta ${code}` })).toBeVisible();
    const accountPage = manager.url();
    const account = manager.getByRole('region', { name: 'Cuenta del inquilino' }).first();
    await expect(account.getByRole('row').filter({ hasText: 'Recibo devuelto (MS02)' })).toBeVisible();
    await expect(account.getByTestId('ledger-balance')).toHaveText('62,00 €');
    await expectFitsNarrowPhone(manager);
    await expectAccessible(manager);
    const pdf = await manager.request.get(
      (await account.getByRole('link', { name: /^Descargar la factura F\d{4}-\d{6} \(PDF\)$/ }).getAttribute('href')) ??
        '',
    );
    expect(pdf.headers()['content-type']).toBe('application/pdf');

    // She pays it on her phone from the e-mail's private link, with the sandbox's card.
    const returnedMail = await received(request, who.email, /^Recibo del alquiler devuelto$/);
    const payLink = new URL(
      /(https?:\/\/\S+\/functions\/v1\/pay-balance\?token=[\w-]+)/.exec(returnedMail.text)?.[1] ?? '',
    );
    const phone = await browser.newContext({
      viewport: { width: 375, height: 740 },
      baseURL: new URL(page.url()).origin,
    });
    const tenant = await phone.newPage();
    await tenant.goto(`${payLink.pathname}${payLink.search}`);
    await expect(tenant.getByRole('heading', { level: 1, name: 'Pagar el alquiler pendiente' })).toBeVisible();
    await expect(tenant.getByRole('row', { name: /^Factura F\d{4}-\d{6}/ })).toContainText('62,00 €');
    await expectFitsNarrowPhone(tenant);
    await expectAccessible(tenant);
    await tenant.getByRole('button', { name: /^Pagar 62,00\s€ con tarjeta$/ }).click();
    await expect(tenant.getByRole('heading', { level: 1, name: 'Pago del alquiler pendiente' })).toBeVisible();
    await tenant.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
    await tenant.getByLabel('Caducidad (MM/AA)').fill('12/39');
    await tenant.getByLabel('CVC').fill('123');
    await tenant.getByRole('button', { name: /^Pagar / }).click();
    await expect(tenant.getByRole('heading', { name: 'Pago completado' })).toBeVisible();
    await tenant.getByRole('link', { name: 'Volver' }).click();
    await expect(tenant.getByRole('heading', { level: 1, name: 'Pago recibido' })).toBeVisible();
    await expectFitsNarrowPhone(tenant);
    await received(request, who.email, /^Pago recibido$/);
    await phone.close();

    // Paid up: her account says so, and the arrears list no longer has her.
    await manager.reload();
    await expect(account.getByRole('row').filter({ hasText: 'Pagado con tarjeta' })).toBeVisible();
    await expect(account.getByTestId('ledger-balance')).toHaveText('0,00 €');
    await manager.getByRole('link', { name: 'Cobros' }).click();
    await expect(manager.getByRole('table', { name: 'Impagos' })).toBeVisible();
    await expect(
      manager.getByRole('table', { name: 'Impagos' }).getByRole('row').filter({ hasText: code }),
    ).toHaveCount(0);

    // Today: the last 12 months as pictures, and the reports a Spanish spreadsheet opens.
    await manager.getByRole('link', { name: 'Hoy' }).click();
    const monthly = manager.getByRole('region', { name: 'Los últimos 12 meses' });
    await expect(monthly.getByRole('img', { name: /^Trasteros alquilados a fin de mes/ })).toBeVisible();
    await expect(monthly.getByRole('img', { name: /^Facturado y cobrado cada mes/ })).toBeVisible();
    await expectFitsNarrowPhone(manager);
    await expectAccessible(manager);
    const rollDownload = manager.waitForEvent('download');
    await monthly.getByRole('link', { name: 'Relación de alquileres (CSV)' }).click();
    const rollFile = await rollDownload;
    expect(rollFile.suggestedFilename()).toMatch(/^rent_roll-\d{4}-\d{2}-\d{2}\.csv$/);
    const roll = await readFile((await rollFile.path()) ?? '', 'utf8');
    expect(roll.startsWith('\uFEFFTrasteros;Código;Inquilino;Desde;Alquiler (€);Periodo;Saldo (€);Estado\r\n')).toBe(
      true,
    );
    expect(roll).toContain(`;${code};Ana García;`);
    await manager.getByRole('link', { name: 'Cobros' }).click();

    // The same screens in English.
    await manager.getByRole('link', { name: 'Ver en inglés' }).click();
    await expect(manager.getByRole('heading', { level: 1, name: 'Collections' })).toBeVisible();
    await expect(manager.getByRole('heading', { level: 2, name: 'Remittances made' })).toBeVisible();
    await expect(manager.getByRole('heading', { level: 2, name: 'Arrears', exact: true })).toBeVisible();
    await expectAccessible(manager);
    await manager.setViewportSize({ width: 1280, height: 900 });
    await manager.goto(accountPage);
    await manager.getByRole('link', { name: 'Ver en inglés' }).click();
    const english = manager.getByRole('region', { name: "Tenant's account" }).first();
    await expect(english.getByRole('row').filter({ hasText: 'Paid by card' })).toBeVisible();
    await expect(english.getByRole('row').filter({ hasText: 'Direct debit returned (MS02)' })).toBeVisible();
    await expectAccessible(manager);
  }

  test('staff cannot change prices: no button, and the server answers 403; a manager can, on a 375 px phone too', async ({
    browser,
    request,
  }) => {
    const manager = await signedIn(browser, E2E_MANAGER, { width: 375 });
    await expectFitsNarrowPhone(manager);
    await manager.getByRole('link', { name: 'Equipo' }).click();
    const email = `personal-${Date.now()}@trasteros-demo.example`;
    await manager.getByLabel('Nombre', { exact: true }).fill('Pepe Mostrador');
    await manager.getByLabel('Correo', { exact: true }).fill(email);
    await manager.getByRole('button', { name: 'Añadir e invitar', exact: true }).click();
    await expect(manager.getByText(`Pepe Mostrador añadido al equipo. Invitación enviada a ${email}`)).toBeVisible();
    await expectAccessible(manager);

    // Pepe chooses his own password from the invitation, on his phone: the manager never knows it.
    const invitation = await received(request, email, /^Tu cuenta de Gestión/);
    const welcome = waitingForHydration(
      await (await browser.newContext({ viewport: { width: 375, height: 740 } })).newPage(),
    );
    await welcome.goto(/https?:\/\/\S+?(\/gestion\/restablecer#[A-Za-z0-9_-]{43})/.exec(invitation.text)?.[1] ?? '');
    await expect(welcome.getByRole('heading', { name: 'Bienvenida/o: elige tu contraseña' })).toBeVisible();
    await welcome.getByLabel('Contraseña nueva (mín. 12 caracteres)').fill('tortuga-faro-71');
    await welcome.getByLabel('Repite la contraseña nueva').fill('tortuga-faro-71');
    await welcome.getByRole('button', { name: 'Guardar la contraseña' }).click();
    await expect(welcome.getByRole('status')).toHaveText(
      'Contraseña guardada. Ya puedes entrar en la gestión con ella.',
    );
    await expectFitsNarrowPhone(welcome);
    await welcome.context().close();

    const staff = await signedIn(browser, { email, password: 'tortuga-faro-71' }, { width: 375 });
    const nav = staff.getByRole('navigation', { name: 'Secciones' });
    await expect(nav.getByRole('link', { name: 'Equipo' })).toHaveCount(0);
    await nav.getByRole('link', { name: 'Trasteros y precios' }).click();
    await expect(staff.getByRole('cell', { name: '62,00 €' }).first()).toBeVisible();
    await expect(staff.getByRole('button', { name: /Cambiar precios/ })).toHaveCount(0);
    await expectAccessible(staff);
    // Hiding the button is not the protection: the server refuses the call itself.
    const refused = await staff.request.post('/functions/v1/backoffice', {
      data: { action: 'set_price', productId: 301, period: 'annually', price: 1 },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({ error: 'Only a manager can do this' });

    // The manager changes it, with the Spanish decimal comma, and the public catalogue sells at it.
    await manager.getByRole('link', { name: 'Trasteros y precios' }).click();
    await manager.getByRole('button', { name: 'Cambiar precios de Guardamuebles 20 m³' }).click();
    const annual = manager.getByLabel('Precio Anual (€)');
    await expect(annual).toHaveValue('1825');
    await annual.fill('1.830,5');
    await manager.getByRole('button', { name: 'Guardar precios' }).click();
    await expect(manager.getByText('Precios de Guardamuebles 20 m³ guardados.')).toBeVisible();
    const products = await (await request.get('/functions/v1/products?accion=ListarProductos&gid=3')).json();
    expect(JSON.stringify(products)).toContain('"annually":"1830.50"');
    const restored = await manager.request.post('/functions/v1/backoffice', {
      data: { action: 'set_price', productId: 301, period: 'annually', price: 1825 },
    });
    expect(restored.status()).toBe(200);
    await expectAccessible(manager);

    await manager.getByRole('link', { name: 'Mi cuenta' }).click();
    await expect(manager.getByRole('heading', { name: 'Segundo factor (TOTP)' })).toBeVisible();
    await expectAccessible(manager);
    await manager.getByRole('button', { name: 'Salir' }).click();
    await expect(manager.getByRole('heading', { name: 'Entrar en la gestión' })).toBeVisible();
    await expectAccessible(manager);
    await staff.context().close();
    await manager.context().close();
  });

  test('a member who forgot the password asks for a link on a 360 px phone, chooses a new one, and the old one stops working', async ({
    browser,
    request,
  }) => {
    const manager = await signedIn(browser, E2E_MANAGER);
    const email = `olvido-${Date.now()}@trasteros-demo.example`;
    const added = await manager.request.post('/functions/v1/backoffice', {
      data: { action: 'add_staff', email, name: 'Olga Olvido', role: 'staff' },
    });
    expect(added.status()).toBe(200);
    // Olga chose her first password from the invitation.
    const invited = await received(request, email, /^Tu cuenta de Gestión/);
    const accepted = await request.post('/functions/v1/backoffice', {
      data: {
        action: 'reset_password',
        token: /#([A-Za-z0-9_-]{43})/.exec(invited.text)?.[1] ?? '',
        newPassword: 'vieja-clave-1',
      },
    });
    expect(accepted.status()).toBe(200);

    const context = await browser.newContext({ viewport: { width: 360, height: 640 } });
    const phone = waitingForHydration(await context.newPage());
    await phone.goto('/gestion');
    await phone.getByRole('button', { name: '¿Has olvidado la contraseña?' }).click();
    await phone.getByLabel('Correo electrónico').fill(email);
    await phone.getByRole('button', { name: 'Enviar el enlace' }).click();
    await expect(phone.getByRole('status')).toContainText(`Si ${email} es el correo de alguien del equipo`);
    await expectFitsNarrowPhone(phone);
    await expectAccessible(phone);

    const mail = await received(request, email, /^Elige una contraseña nueva para Gestión/);
    const link = /https?:\/\/\S+?(\/gestion\/restablecer#[A-Za-z0-9_-]{43})/.exec(mail.text)?.[1] ?? '';
    expect(link).not.toBe('');
    await phone.goto(link);
    await expect(phone.getByText(`Para la cuenta ${email}.`)).toBeVisible();
    await expect(phone).toHaveURL(/\/gestion\/restablecer$/);
    await phone.getByLabel('Contraseña nueva (mín. 12 caracteres)').fill('nueva-clave-22');
    await phone.getByLabel('Repite la contraseña nueva').fill('nueva-clave-22');
    await expectFitsNarrowPhone(phone);
    await expectAccessible(phone);
    await phone.getByRole('button', { name: 'Guardar la contraseña' }).click();
    await expect(phone.getByRole('status')).toContainText('Contraseña guardada.');
    await received(request, email, /^Tu contraseña de Gestión ha cambiado/);

    await phone.getByRole('link', { name: 'Entrar en la gestión' }).click();
    await phone.getByLabel('Correo electrónico').fill(email);
    await phone.getByLabel('Contraseña').fill('vieja-clave-1');
    await phone.getByRole('button', { name: 'Entrar' }).click();
    await expect(phone.getByRole('alert')).toHaveText('Correo, contraseña o código incorrectos.');
    await phone.getByLabel('Contraseña').fill('nueva-clave-22');
    await phone.getByRole('button', { name: 'Entrar' }).click();
    await expect(phone.getByRole('navigation', { name: 'Secciones' })).toBeVisible();

    // The same link a second time opens nothing, and says how to get a new one.
    await phone.goto(link);
    await expect(phone.getByRole('alert')).toHaveText('Este enlace ha caducado o ya se ha usado.');
    await expect(phone.getByRole('link', { name: 'Pedir un enlace nuevo' })).toBeVisible();

    // A manager can send the link too, from the team page; it is in the activity log.
    await manager.goto('/gestion/equipo');
    await manager.getByRole('button', { name: 'Enviar enlace de contraseña: Olga Olvido' }).click();
    await expect(manager.getByText(`Enlace enviado a ${email}: caduca a los 30 minutos.`)).toBeVisible();
    await manager.goto('/gestion/registro');
    await expect(manager.getByText('Envió un enlace para cambiar la contraseña').first()).toBeVisible();
    await context.close();
    await manager.context().close();
  });

  test('runs standalone on its own origin, in English too', async ({ browser }) => {
    const page = await signedIn(browser, E2E_MANAGER, { base: BACKOFFICE_STANDALONE_URL, path: '/gestion/altas' });
    await expect(page.getByRole('heading', { level: 1, name: 'Altas' })).toBeVisible();
    await page.getByRole('link', { name: 'Ver en inglés' }).click();
    await expect(page).toHaveURL(/\/en\/backoffice\/registrations$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign-ups' })).toBeVisible();
    await page.getByRole('button', { name: 'Code' }).click();
    await expect(page).toHaveURL(/sort=registrationCode/);
    await expect(page.getByRole('columnheader', { name: /Code/ })).toHaveAttribute('aria-sort', 'ascending');
    await expectAccessible(page);
    await page.context().close();
  });

  test('a visitor books a visit from Book a visit on a 375 px phone; staff see it; the visitor cancels from the e-mail', async ({
    browser,
    request,
  }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 640 } });
    const page = waitingForHydration(await context.newPage());
    await page.goto('/es');
    await page.getByRole('link', { name: 'Reservar visita' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Reservar una visita' });
    await expect(dialog.getByRole('group', { name: 'Día' }).getByRole('radio').first()).toBeChecked();
    await dialog.getByRole('group', { name: 'Hora' }).getByRole('radio').first().check({ force: true });
    const time = (await dialog.locator('input[type=radio]:checked + span').nth(1).textContent()) ?? '';
    expect(time).toMatch(/^\d{2}:\d{2}$/);
    const email = `visita.${Date.now()}@example.com`;
    await dialog.getByLabel('Nombre y apellidos').fill('Rocío Visitante');
    await dialog.getByLabel('Teléfono').fill(visitorPhone());
    await dialog.getByLabel('Correo electrónico').fill(email);
    await dialog.getByRole('checkbox', { name: /política de privacidad/ }).check();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Reservar la visita' }).click();
    // Held until the code e-mailed to the visitor confirms it.
    await expect(dialog.getByRole('heading', { name: 'Confirma tu visita' })).toBeVisible();
    await expect(dialog).toContainText(`a las ${time} hasta las`);
    await expectFitsNarrowPhone(page);
    const held = await received(request, email, /^Confirma tu visita: código \d{6}$/);
    expect(held.text).not.toContain('Rocío Visitante');
    await dialog.getByLabel('Código del correo').fill('000000' === held.subject.slice(-6) ? '111111' : '000000');
    await dialog.getByRole('button', { name: 'Confirmar la visita' }).click();
    await expect(dialog.getByText('El código no es correcto')).toBeVisible();
    await dialog.getByLabel('Código del correo').fill(held.subject.slice(-6));
    await dialog.getByRole('button', { name: 'Confirmar la visita' }).click();
    await expect(dialog.getByRole('heading', { name: '¡Visita reservada!' })).toBeVisible();
    await expect(dialog).toContainText(`a las ${time}`);
    await expectFitsNarrowPhone(page);

    // The e-mail: the visit for the calendar, and a link to cancel it.
    const mail = await received(request, email, /^Tu visita /);
    expect(mail.subject).toContain(`a las ${time}`);
    const calendar = mail.attachments.find((file) => file.filename === 'visita.ics');
    expect(Buffer.from(calendar?.base64 ?? '', 'base64').toString('utf8')).toContain('BEGIN:VEVENT');
    const cancelLink = /https?:\/\/\S+(\/functions\/v1\/visit\?token=[A-Za-z0-9_-]{43})/.exec(mail.text)?.[1] ?? '';
    expect(cancelLink).not.toBe('');

    // Staff see it in the calendar, on a phone too.
    const staff = await signedIn(browser, E2E_MANAGER, { width: 375 });
    await staff
      .getByRole('navigation', { name: 'Secciones' })
      .getByRole('link', { name: 'Visitas', exact: true })
      .click();
    const visit = staff.getByRole('listitem').filter({ hasText: email });
    await expect(visit).toContainText(time);
    await expect(visit.getByRole('button', { name: `Cancelar la visita de Rocío Visitante (${time})` })).toBeVisible();
    await expectAccessible(staff);
    await expectFitsNarrowPhone(staff);

    // The visitor cannot come after all: the link cancels it, and the calendar says so.
    await page.goto(cancelLink);
    await page.getByRole('button', { name: 'Cancelar la visita' }).click();
    await expect(page.getByText('Visita cancelada. Gracias por avisar.')).toBeVisible();
    await staff.reload();
    await expect(staff.getByRole('listitem').filter({ hasText: email })).toContainText('Cancelada (por el visitante)');
    await staff.context().close();
    await context.close();
  });

  test('a visitor without scripts books from Book a visit: the booking page holds the time, the e-mailed code confirms it, on a 360 px phone @phone-only', async ({
    browser,
    request,
  }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 640 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/es');
    await page.getByRole('link', { name: 'Reservar visita' }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reservar una visita');
    // Sent empty: every field says what it needs, and the list at the top leads to each.
    await page.getByRole('button', { name: 'Reservar' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Revisa lo marcado' })).toContainText('Elige una hora.');
    await expect(page.getByLabel('Nombre y apellidos')).toHaveAttribute('aria-invalid', 'true');
    const email = `sin.scripts.${Date.now()}@example.com`;
    await page
      .getByRole('group', { name: /^Hora, el / })
      .getByRole('radio')
      .first()
      .check();
    await page.getByLabel('Nombre y apellidos').fill('Marta Sin Scripts');
    await page.getByLabel('Teléfono').fill(visitorPhone());
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByRole('checkbox', { name: /política de privacidad/ }).check();
    await page.getByRole('button', { name: 'Reservar' }).click();
    await expect(page.getByRole('status')).toContainText('Te guardamos la visita del');
    const held = await received(request, email, /^Confirma tu visita: código \d{6}$/);
    await page.getByLabel('Código del correo').fill(held.subject.slice(-6));
    await page.getByRole('button', { name: 'Confirmar la visita' }).click();
    await expect(page.getByRole('status')).toContainText('Visita confirmada');
    await received(request, email, /^Tu visita /);
    await context.close();
    // The same page, with its errors showing, checked where the checks can run (they are scripts).
    const checked = await browser.newContext({ viewport: { width: 360, height: 640 } });
    const form = await checked.newPage();
    await form.goto('/functions/v1/visit-booking?lang=es');
    await form.getByRole('button', { name: 'Reservar' }).click();
    await expect(form.getByLabel('Correo electrónico')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(form);
    await expectFitsNarrowPhone(form);
    await checked.close();
  });

  test('a visit staff cancel shows who cancelled it without widening a 360 px phone, and the visitor is e-mailed @phone-only', async ({
    browser,
    request,
  }) => {
    const slots = (await (await request.post('/functions/v1/visit-slots', { data: {} })).json()) as {
      days: { slots: { startsAt: string; available: number }[] }[];
    };
    const slot = slots.days.flatMap((day) => day.slots).find((s) => s.available > 0);
    const email = `cancelada.${Date.now()}@example.com`;
    const booked = await request.post('/functions/v1/book-visit', {
      data: {
        startsAt: slot?.startsAt,
        fullName: 'Visitante Cancelada',
        phone: visitorPhone(),
        email,
        language: 'es',
        privacyAccepted: true,
      },
    });
    expect(booked.status()).toBe(200);
    // Confirmed with the e-mail's code, as the dialog does.
    const code = (await received(request, email, /^Confirma tu visita/)).subject.slice(-6);
    const { visitId } = (await booked.json()) as { visitId: string };
    expect((await request.post('/functions/v1/confirm-visit', { data: { visitId, code } })).status()).toBe(200);
    const staff = await signedIn(browser, E2E_MANAGER, { width: 360 });
    await staff.goto('/gestion/visitas');
    staff.once('dialog', (dialog) => void dialog.accept());
    const row = staff.getByRole('listitem').filter({ hasText: email });
    await row.getByRole('button', { name: /^Cancelar la visita de Visitante Cancelada/ }).click();
    await expect(row).toContainText(`Cancelada (${E2E_MANAGER.email})`);
    await expectFitsNarrowPhone(staff);
    // The cancellation is e-mailed (after the booking's confirmation, which may come first).
    await expect(async () => {
      const res = await request.get(`${MAILBOX_URL}/?recipient=${encodeURIComponent(email)}`);
      const { messages } = (await res.json()) as { messages: ReceivedMail[] };
      expect(messages.some((m) => /^Hemos cancelado tu visita/.test(m.subject))).toBe(true);
    }).toPass({ timeout: 10_000 });
    await staff.context().close();
  });

  test('staff choose several visits and cancel them at once; each visitor is e-mailed', async ({
    browser,
    request,
  }) => {
    const slots = (await (await request.post('/functions/v1/visit-slots', { data: {} })).json()) as {
      days: { slots: { startsAt: string; available: number }[] }[];
    };
    const free = slots.days
      .slice(2)
      .flatMap((day) => day.slots)
      .filter((s) => s.available > 0);
    const people = [0, 1].map((n) => ({
      name: `Masiva ${n} ${Date.now()}`,
      email: `masiva${n}.${Date.now()}@example.com`,
    }));
    for (const [n, who] of people.entries()) {
      const booked = await request.post('/functions/v1/book-visit', {
        data: {
          startsAt: free[n]?.startsAt,
          fullName: who.name,
          phone: visitorPhone(),
          email: who.email,
          language: 'es',
          privacyAccepted: true,
        },
      });
      expect(booked.status()).toBe(200);
      const code = (await received(request, who.email, /^Confirma tu visita/)).subject.slice(-6);
      const { visitId } = (await booked.json()) as { visitId: string };
      expect((await request.post('/functions/v1/confirm-visit', { data: { visitId, code } })).status()).toBe(200);
    }
    const staff = await signedIn(browser, E2E_MANAGER, { width: 375 });
    await staff.goto(`/gestion/visitas?desde=${new Date(free[0]?.startsAt ?? '').toISOString().slice(0, 10)}`);
    for (const who of people) {
      await staff.getByRole('checkbox', { name: new RegExp(`^Elegir la visita de ${who.name}`) }).check();
    }
    await expectFitsNarrowPhone(staff);
    await expectAccessible(staff);
    staff.once('dialog', (dialog) => void dialog.accept());
    await staff.getByRole('button', { name: 'Cancelar 2 visitas elegidas' }).click();
    await expect(staff.getByText('2 visitas canceladas; se ha avisado a cada visitante por correo.')).toBeVisible();
    for (const who of people) {
      await expect(staff.getByRole('listitem').filter({ hasText: who.email })).toContainText('Cancelada');
      await received(request, who.email, /^Hemos cancelado tu visita/);
    }
    await staff.context().close();
  });

  // One test per language: 22 scans in one test made it the run's longest, ending it on one worker.
  for (const language of ['Spanish', 'English'] as const) {
    test(`every back-office screen has its heading and no serious axe violation, in ${language}`, async ({
      browser,
    }) => {
      const english = language === 'English';
      const page = await signedIn(browser, E2E_MANAGER);
      const screens = [
        ['Hoy', 'Today', 'Hoy'],
        ['Altas', 'Sign-ups', 'Altas'],
        ['Trasteros y precios', 'Units and prices', 'Trasteros y precios'],
        ['Visitas', 'Visits', 'Visitas'],
        ['Lista de espera', 'Waitlist', 'Lista de espera'],
        ['Mensajes', 'Messages', 'Mensajes enviados'],
        ['Cobros', 'Collections', 'Cobros'],
        ['Puerta', 'Door', 'Puerta'],
        ['Equipo', 'Team', 'Equipo'],
        ['Registro', 'Activity log', 'Registro de actividad'],
        ['Mi cuenta', 'My account', 'Mi cuenta'],
      ] as const;
      if (english) await page.getByRole('link', { name: 'Ver en inglés' }).click();
      const nav = page.getByRole('navigation', { name: english ? 'Sections' : 'Secciones' });
      for (const [spanishLink, englishLink, spanishHeading] of screens) {
        await nav.getByRole('link', { name: english ? englishLink : spanishLink, exact: true }).click();
        await expect(
          page.getByRole('heading', { level: 1, ...(english ? {} : { name: spanishHeading }) }),
        ).toBeVisible();
        await expect(page.getByText(english ? 'Loading…' : 'Cargando…')).toHaveCount(0);
        await expectAccessible(page);
      }
      await page.context().close();
    });
  }
});
