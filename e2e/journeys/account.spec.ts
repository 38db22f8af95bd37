import { randomUUID } from 'node:crypto';
import { TEST_APPLICANT } from 'shared-api/testing';
import { E2E_MANAGER } from '../ports';
import { expectAccessible } from './accessible';
import {
  applicant,
  becomeTenant,
  codeIn,
  compactPhone,
  expectFitsNarrowPhone,
  lastMessage,
  received,
} from './signup-steps';
import { expect, test, waitingForHydration } from './test';

/** The demo's Trastero 3 m³: plenty of free units, so journeys in parallel never run out. */
const SMALL_UNIT = { productId: '202', productName: 'Trastero 3 m³', unitsRequired: 1, volumeRequested: 2 };
const signupPath = `/es/alta?${new URLSearchParams({ productos: JSON.stringify(SMALL_UNIT) })}`;

/** The day before `date` (`YYYY-MM-DD`). */
const dayBefore = (date: string) => new Date(Date.parse(`${date}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

test.describe("the tenant's account", { tag: '@moves-the-clock' }, () => {
  test.setTimeout(180_000);

  test('a tenant signs in from the e-mailed link on a small phone, downloads the contract, changes the PIN and opens the door, gives notice; in English by the SMS code, changes the e-mail; nothing of anyone else; the day passes, the deposit comes back with its receipt', async ({
    page,
    browser,
    request,
  }) => {
    const who = applicant();
    const { unitNumber, code } = await becomeTenant(page, request, who, signupPath);
    // The welcome at move-in leads to the account; the PIN came by SMS.
    const welcome = await received(request, who.email, /^Tu acceso a la puerta/);
    expect(welcome.text).toMatch(/Ir a mi cuenta.*\/es\/mi-cuenta/s);
    const pin = /: (\d{4})\./.exec(await lastMessage(request, compactPhone(who.phone)))?.[1] ?? '';

    // On a 360×640 phone, from the header's menu.
    const phone = await browser.newContext({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });
    const tenant = waitingForHydration(await phone.newPage());
    await tenant.goto('/es/instalaciones');
    await tenant.getByTestId('static-header').getByRole('button', { name: 'Menú', exact: true }).click();
    await tenant.getByRole('dialog', { name: 'Menú' }).getByRole('link', { name: 'Mi cuenta' }).click();
    await expect(tenant).toHaveURL(/\/es\/mi-cuenta$/);
    const contact = tenant.getByLabel('Correo electrónico o móvil');
    await contact.fill('ana@');
    await tenant.getByRole('button', { name: 'Enviarme el enlace y el código' }).click();
    await expect(tenant.getByText(/Escribe tu correo/)).toBeVisible();
    await contact.fill(who.email);
    await tenant.getByRole('button', { name: 'Enviarme el enlace y el código' }).click();
    await expect(tenant.getByText(/es el correo o el móvil de alguien que alquila aquí/)).toBeVisible();
    await expectFitsNarrowPhone(tenant);
    await expectAccessible(tenant);

    const mail = await received(request, who.email, /^Tu enlace para entrar/);
    const link = new URL(/(https?:\/\/\S+\/es\/mi-cuenta#acceso=[A-Za-z0-9_-]{43})/.exec(mail.text)?.[1] ?? 'x:');
    await tenant.goto(link.pathname + link.hash);
    await expect(tenant.getByText(/^Has entrado como a•••@example\.com\.$/)).toBeVisible();
    // The secret is out of the address bar once used.
    await expect(tenant).toHaveURL(/\/es\/mi-cuenta$/);
    const card = tenant.getByRole('region', { name: `Alquiler ${code}` });
    await expect(card.getByText(`${unitNumber} (3 m³)`)).toBeVisible();
    await expect(card.getByTestId('access')).toHaveText('Tu PIN abre la puerta.');

    // The signed contract and an invoice, as PDFs.
    const contractDownload = tenant.waitForEvent('download');
    await card.getByRole('link', { name: 'Descargar el contrato firmado (PDF)' }).click();
    const contract = await contractDownload;
    expect(contract.suggestedFilename()).toBe(`contrato-${code}.pdf`);
    const invoices = tenant.getByRole('region', { name: 'Facturas' });
    const invoiceLink = invoices.getByRole('link', { name: /^Descargar la factura .* \(PDF\)$/ }).first();
    await expect(invoiceLink).toBeVisible();
    const invoice = await tenant.request.get((await invoiceLink.getAttribute('href')) ?? '');
    expect(invoice.status()).toBe(200);
    expect(invoice.headers()['content-type']).toBe('application/pdf');
    expect((await invoice.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await expectFitsNarrowPhone(tenant);
    await expectAccessible(tenant);

    // A new PIN from the account, with the one of the SMS; the door takes it.
    const door = card.getByRole('region', { name: 'La puerta' });
    const newPin = pin === '2468' ? '1357' : '2468';
    await door.getByLabel('PIN actual').fill(pin);
    await door.getByLabel('PIN nuevo (4 cifras)').fill(newPin);
    await door.getByLabel('Repite el PIN nuevo').fill(newPin);
    await door.getByRole('button', { name: 'Cambiar el PIN' }).click();
    await expect(door.getByText('PIN cambiado: úsalo desde ya en la puerta.')).toBeVisible();
    const doorLink = new URL(/(https?:\/\/\S+\/abridor-login\?token=\S+)/.exec(welcome.text)?.[1] ?? 'x:');
    const keypad = waitingForHydration(await phone.newPage());
    await keypad.goto(doorLink.pathname + doorLink.search);
    await expect(keypad).toHaveURL(/\/abridor$/, { timeout: 5_000 });
    for (const digit of newPin) await keypad.getByRole('button', { name: digit, exact: true }).click();
    await keypad.getByRole('button', { name: 'Entrada' }).click();
    await expect(keypad.getByTestId('door-result')).toHaveText('Acceso Autorizado: ENTRADA');
    await keypad.close();
    // The tenant's own log shows it.
    await door.getByRole('button', { name: 'Ver los últimos accesos' }).click();
    await expect(door.getByTestId('door-log').getByRole('listitem').first()).toContainText('Entrada: hecho');

    // Another unit: the sign-up opens at the services step, the data and documents on file.
    await tenant.getByRole('button', { name: 'Alquilar otro trastero' }).click();
    await expect(tenant).toHaveURL(/\/es\/alta\/servicios\?proceso=[0-9a-f-]{36}$/);
    await expect(tenant.getByRole('radio', { name: /Trastero 3 m³/ }).first()).toBeVisible();
    await tenant.goto('/es/mi-cuenta');
    await expect(card.getByTestId('access')).toHaveText('Tu PIN abre la puerta.');

    // Notice: a day inside the notice period is refused on the spot; the first allowed is taken.
    const lastDay = card.getByLabel('Tu último día');
    const earliest = (await lastDay.getAttribute('min')) ?? '';
    await lastDay.fill(dayBefore(earliest));
    await card.getByRole('button', { name: 'Avisar de la baja' }).click();
    await expect(card.getByText(/^Elige un día desde el .* hasta el .*\.$/)).toBeVisible();
    await lastDay.fill(earliest);
    tenant.once('dialog', (dialog) => void dialog.accept());
    await card.getByRole('button', { name: 'Avisar de la baja' }).click();
    await expect(card.getByTestId('move-out')).toContainText('Has avisado de la baja: tu último día es el');
    expect((await received(request, who.email, new RegExp(`^Aviso recibido · ${code}$`))).text).toContain(
      'tu alquiler termina',
    );

    // The link again, now used: the session stands. In a browser without it: used, ask again.
    await tenant.goto(link.pathname + link.hash);
    await expect(tenant.getByText(/^Has entrado como/)).toBeVisible();
    // The session's cookie, copied elsewhere, works while the session lives…
    const replay = await browser.newContext();
    await replay.addCookies(await phone.cookies());
    const overview = () => replay.request.post('/functions/v1/account', { data: { action: 'overview' } });
    expect((await overview()).status()).toBe(200);
    await tenant.getByRole('button', { name: 'Salir' }).click();
    await expect(tenant.getByText('Has salido de tu cuenta.')).toBeVisible();
    // …and not after signing out: ended on the server, not only forgotten by this browser.
    expect((await overview()).status()).toBe(401);
    await replay.close();
    const elsewhere = await browser.newContext();
    const stranger = waitingForHydration(await elsewhere.newPage());
    await stranger.goto(link.pathname + link.hash);
    await expect(
      stranger.getByText('Este enlace ha caducado o ya se ha usado. Pide uno nuevo aquí abajo.'),
    ).toBeVisible();
    await expect(stranger.getByLabel('Correo electrónico o móvil')).toBeVisible();
    await elsewhere.close();

    // On a computer, in English, by the code sent to the mobile.
    const desk = await browser.newContext({ locale: 'en-GB' });
    const en = waitingForHydration(await desk.newPage());
    await en.goto('/en/facilities');
    await en
      .getByTestId('static-header')
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'My account' })
      .click();
    await expect(en).toHaveURL(/\/en\/account$/);
    await en.getByLabel('E-mail or mobile number').fill(who.phone);
    await en.getByRole('button', { name: 'Send me the link and the code' }).click();
    const codeField = en.getByLabel('6-digit code');
    await expect(codeField).toBeFocused();
    const sms = await lastMessage(request, compactPhone(who.phone));
    expect(sms).toMatch(/^Your storage account code: \d{6}\./);
    await codeField.fill('000000');
    await en.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(en.getByText(/This code is not valid or has expired/)).toBeVisible();
    await codeField.fill(codeIn(sms));
    await en.getByRole('button', { name: 'Sign in', exact: true }).click();
    const rental = en.getByRole('region', { name: `Rental ${code}` });
    await expect(rental.getByTestId('move-out')).toContainText('You have given notice: your last day is');
    await expectAccessible(en);

    // Everything kept about her, as a file to take away.
    const dataDownload = en.waitForEvent('download');
    await en.getByRole('link', { name: 'Download my data (JSON)' }).click();
    const dataFile = await dataDownload;
    expect(dataFile.suggestedFilename()).toMatch(/^mis-datos-\d{4}-\d{2}-\d{2}\.json$/);
    const { readFile } = await import('node:fs/promises');
    const exported = JSON.parse(await readFile((await dataFile.path()) ?? '', 'utf8'));
    expect(exported.rentals[0]).toMatchObject({ registrationCode: code, units: [unitNumber] });

    // The rent from another account: a check digit off is caught on the spot; the new mandate is
    // e-mailed to sign, and counts once signed.
    const bank = rental.getByRole('region', { name: 'Rent account' });
    await expect(bank.getByTestId('bank-account')).toContainText('ES91');
    await bank.getByRole('button', { name: 'Change the account' }).click();
    const ibanField = bank.getByLabel('IBAN of the new account');
    await ibanField.fill('ES76 2077 0024 0031 0257 5767');
    await bank.getByRole('button', { name: 'Send me the mandate to sign' }).click();
    await expect(bank.getByText(/check digits must add up/)).toBeVisible();
    await expect(ibanField).toBeFocused();
    await ibanField.fill('ES76 2077 0024 0031 0257 5766');
    await bank.getByRole('button', { name: 'Send me the mandate to sign' }).click();
    await expect(bank.getByTestId('bank-pending')).toContainText('awaiting your signature');
    const mandateMail = await received(
      request,
      who.email,
      new RegExp(`^Orden de domiciliación para firmar · ${code}$`),
    );
    const signing = new URL(/(https?:\/\/\S+\/functions\/v1\/esign\?token=[\w-]+)/.exec(mandateMail.text)?.[1] ?? 'x:');
    const mandatePage = await desk.newPage();
    await mandatePage.goto(signing.pathname + signing.search);
    await expect(mandatePage.getByRole('heading', { level: 1 })).toContainText('SEPA direct debit mandate signature');
    await expect(mandatePage.getByText(/ES7620770024003102575766/)).toBeVisible();
    await mandatePage.getByLabel('Nombre completo / Full name').fill(TEST_APPLICANT.fullName);
    await mandatePage.getByRole('checkbox').check();
    await mandatePage.getByRole('button', { name: 'Firmar / Sign' }).click();
    await expect(mandatePage.getByRole('heading', { level: 1 })).toContainText('Mandate signed');
    await mandatePage.close();
    await en.reload();
    await expect(bank.getByTestId('bank-account')).toContainText(/ES76\s•+\s5766/);
    await expect(bank.getByTestId('bank-pending')).toHaveCount(0);
    expect(
      (await received(request, who.email, new RegExp(`^Ha cambiado tu cuenta de cobro · ${code}$`))).text,
    ).toContain('5766');

    // Nothing of anyone else: another rental's contract, an unknown invoice, someone else's notice.
    for (const path of [
      `/functions/v1/account/contract?registrationId=${randomUUID()}`,
      `/functions/v1/account/invoice?id=${randomUUID()}`,
    ]) {
      const refused = await en.request.get(path);
      expect(refused.status(), path).toBe(404);
      expect(await refused.json()).toEqual({ error: 'Not found' });
    }
    const notice = await en.request.post('/functions/v1/account', {
      data: { action: 'give_notice', registrationId: randomUUID(), moveOutOn: earliest },
    });
    expect(notice.status()).toBe(404);

    // A new e-mail, proved by the code sent to it; the old address is told; every session ends.
    const contactDetails = en.getByRole('region', { name: 'Your contact details' });
    await expect(contactDetails.getByTestId('contact-email')).toHaveText(who.email);
    await contactDetails.getByRole('button', { name: 'Change the e-mail' }).click();
    const newEmail = `nuevo.${who.email}`;
    await contactDetails.getByLabel('New e-mail').fill(newEmail);
    await contactDetails.getByRole('button', { name: 'Send the code' }).click();
    const codeMail = await received(request, newEmail, /^Confirm your new e-mail$/);
    await contactDetails.getByLabel('6-digit code').fill(codeIn(codeMail.text));
    await contactDetails.getByRole('button', { name: 'Confirm the change' }).click();
    await expect(en.getByText(/^Done: your contact details are now n•••@example\.com\./)).toBeVisible();
    expect((await received(request, who.email, /^Han cambiado tus datos de contacto$/)).text).toContain(
      'Si no has sido tú',
    );
    expect((await en.request.post('/functions/v1/account', { data: { action: 'overview' } })).status()).toBe(401);

    // The days pass (the service's clock, moved in development): when the last one ends, the rental
    // ends by itself, the door with it.
    expect((await request.post('/functions/v1/dev-clock', { data: { hours: 16 * 24 } })).status()).toBe(200);
    expect((await received(request, newEmail, /^Fin de tu alquiler/)).text).toContain(unitNumber);

    // A manager, on her phone, checks the unit and returns the deposit; the tenant gets the receipt.
    const manager = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const office = (action: string, data: Record<string, unknown>) =>
      manager.request.post('/functions/v1/backoffice', { data: { action, ...data } });
    expect((await office('login', E2E_MANAGER)).status()).toBe(200);
    const found = await (await office('list_registrations', { search: code })).json();
    const counter = waitingForHydration(await manager.newPage());
    await counter.goto(`/gestion/altas/${found.rows[0].registrationId}`);
    const deposit = counter.getByRole('region', { name: 'Devolver la fianza' });
    await deposit.getByLabel('He revisado el trastero: está vacío y en buen estado').check();
    counter.once('dialog', (dialog) => void dialog.accept());
    await deposit.getByRole('button', { name: 'Devolver la fianza' }).click();
    await expect(counter.getByText(/^Fianza devuelta: .* a la tarjeta, 0,00\s€ retenido/)).toBeVisible();
    expect((await received(request, newEmail, /^Tu fianza · /)).text).toContain('Te hemos devuelto');
    await manager.close();

    // Signed in again with the new address: the rental shows as ended, its contract still there.
    const later = waitingForHydration(await phone.newPage());
    await later.goto('/es/mi-cuenta');
    await later.getByLabel('Correo electrónico o móvil').fill(newEmail);
    await later.getByRole('button', { name: 'Enviarme el enlace y el código' }).click();
    const again = await received(request, newEmail, /^Tu enlace para entrar/);
    const secondLink = new URL(
      /(https?:\/\/\S+\/es\/mi-cuenta#acceso=[A-Za-z0-9_-]{43})/.exec(again.text)?.[1] ?? 'x:',
    );
    await later.goto(secondLink.pathname + secondLink.hash);
    const ended = later.getByRole('region', { name: `Alquiler ${code} Terminado` });
    await expect(ended.getByTestId('balance')).toBeVisible();
    await expect(ended.getByRole('link', { name: 'Descargar el contrato firmado (PDF)' })).toBeVisible();
    await expect(ended.getByRole('region', { name: 'Dejar el trastero' })).toHaveCount(0);
    await expectAccessible(later);
    await desk.close();
    await phone.close();
  });
});
