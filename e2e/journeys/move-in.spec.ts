import type { APIRequestContext } from '@playwright/test';
import type { ReceivedMail } from '../mailbox';
import { E2E_DOOR_ADMIN, MAILBOX_URL } from '../ports';
import { applicant, compactPhone, lastMessage, payWithCard, sign, signingLink, throughDocuments } from './signup-steps';
import { expect, test } from './test';

const BUSINESS_EMAIL = 'reservas@trasteros-demo.example';

/** The newest e-mail to `recipient` whose subject matches, from the e2e inbox (SMTP). */
async function received(request: APIRequestContext, recipient: string, subject: RegExp): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect(async () => {
    const res = await request.get(`${MAILBOX_URL}/?recipient=${encodeURIComponent(recipient)}`);
    found = ((await res.json()) as { messages: ReceivedMail[] }).messages.find((m) => subject.test(m.subject));
    expect(found, `an e-mail "${subject}" to ${recipient}`).toBeTruthy();
  }).toPass({ timeout: 10_000 });
  return found as ReceivedMail;
}

test.describe('move-in: from the last signature to a tenant at the door', () => {
  test.setTimeout(150_000);

  test('the tenant gets the unit, the signed PDF, a PIN and a link; opens the door on a phone; staff end the rental', async ({
    page,
    browser,
    request,
  }) => {
    const who = applicant();
    await page.goto('/es/calculadora');
    await page.getByLabel('Tipo de mueble').selectOption('desk');
    await page.getByRole('button', { name: 'Añadir', exact: true }).click();
    await page.getByRole('button', { name: 'Buscar mi trastero' }).click();
    await page.getByRole('button', { name: 'Elegir Box 1 m³' }).click();
    await throughDocuments(page, request, 'es', who);
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByRole('button', { name: 'Crear', exact: true }).click();
    await expect(page.getByText(/Cliente creado: CL-\d{6}/)).toBeVisible();
    const paid = await payWithCard(page, /Pagar la fianza \(50,00/, '4242424242424242');
    await expect(paid.getByRole('heading', { name: /Pago completado/ })).toBeVisible();
    await paid.close();
    await page.getByRole('button', { name: 'Crear contrato' }).click();
    await expect(page.getByTestId('contract-status')).toHaveText('Pendiente de la firma del cliente');
    await sign(page, await signingLink(page, request, who.email), 'Ana García');
    await sign(page, await signingLink(page, request, BUSINESS_EMAIL), 'Trasteros Demo');

    // A unit is the tenant's, live on the review.
    const unit = page.getByTestId('move-in-status');
    await expect(unit).toHaveText(/^A-\d{3}$/);
    const unitNumber = (await unit.textContent()) ?? '';
    const code = /([A-Z0-9]{6})$/.exec(
      (
        (await page
          .getByText(/código de registro: /i)
          .first()
          .textContent()) ?? ''
      ).trim(),
    )?.[1];

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

    // Staff end the rental from the door's administration.
    await page.goto('/abridor');
    await page.getByLabel('Usuario').fill('admin');
    await page.getByLabel('Contraseña').fill(E2E_DOOR_ADMIN.contraseña);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('button', { name: 'Gestionar Usuarios' }).click();
    const users = page.getByRole('list', { name: 'Usuarios' });
    await expect(users.getByText(`Box ${unitNumber} · Alquiler ${code}`)).toBeVisible();
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
  });
});
