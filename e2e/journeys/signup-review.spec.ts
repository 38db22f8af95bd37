import { expectAccessible } from './accessible';
import { applicant, expectFitsNarrowPhone, payWithCard, sign, signingLink, throughDocuments } from './signup-steps';
import { expect, test } from './test';

test.describe('sign-up, part 2: review, payment, contract', () => {
  test.setTimeout(120_000);

  test('English, the whole journey: calculator → sign-up → client → card payment → contract signed by both → Finish', async ({
    page,
    request,
  }) => {
    const who = applicant();
    await page.goto('/en/calculator');
    await page.getByLabel('Furniture type').selectOption('wardrobe');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('button', { name: 'Find my storage' }).click();
    await page.getByRole('button', { name: /^Choose Storage unit 2 m³/ }).click();
    await expect(page).toHaveURL(/\/en\/signup\?productos=/);

    const proceso = await throughDocuments(page, request, 'en', who);
    await expect(page.getByRole('radio', { name: /Storage unit 2 m³/ })).toBeChecked();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(`/en/signup/review?proceso=${proceso}`);

    const status = page.getByRole('region', { name: 'Process status' });
    await expect(status.getByTestId('payment-status')).toHaveText('No payment information available');
    await expect(status.getByTestId('contract-status')).toHaveText('No contracts created');
    await expect(page.getByText('Available once the client exists.')).toBeVisible();
    await page.getByRole('button', { name: 'Finish' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Please create the client before finishing.' }),
    ).toBeVisible();

    // 1. Client.
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByText(/Client created: CL-\d{6}/)).toBeVisible();
    await expectAccessible(page);

    // 2. Deposit: 150 EUR for an individual (the product has no setup fee of its own).
    const checkout = await payWithCard(page, 'Pay the deposit (€150.00)', '4242 4242 4242 4242');
    await expect(checkout.getByRole('heading', { name: 'Payment completed' })).toBeVisible();
    // Live, without a reload: the stream tells the review page.
    await expect(status.getByTestId('payment-status')).toHaveText('Completed');
    await expect(page.getByTestId('payment-widget')).toHaveAttribute('data-state', 'completed');
    const box = page.getByTestId('payment-box');
    await expect(box.getByText('€150.00')).toBeVisible();
    await checkout.close();

    // 3. Contract, signed by the applicant then by the company, followed live.
    await page.getByRole('button', { name: 'Create contract' }).click();
    await expect(page.getByText('We sent the contract for electronic signature')).toBeVisible();
    await expect(status.getByTestId('contract-status')).toHaveText('Awaiting client signature');
    await expect(page.getByTestId('signer-Cliente')).toContainText(`${who.email.slice(0, 2)}`);
    await expect(page.getByTestId('signer-Cliente')).toContainText('@example.com');
    await expect(page.getByTestId('signer-Cliente')).not.toContainText(who.email);
    await expect(page.getByRole('button', { name: 'Create contract' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Finish' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'The contract must be fully signed before finishing.' }),
    ).toBeVisible();

    // Her signature is the last one needed: the company signs by itself (the default setting).
    await sign(page, await signingLink(page, request, who.email), 'Ana García');
    await expect(status.getByTestId('contract-status')).toHaveText('Signed by both parties');
    await expect(page.getByText('Process Completed, no further changes can be made')).toBeVisible();
    // Moved in at the last signature: the tenant's unit, live, by its number.
    await expect(status.getByTestId('move-in-status')).toHaveText(/^B-\d{3}$/);

    await page.getByRole('button', { name: 'Finish' }).click();
    await expect(page).toHaveURL(/\/en$/);
    // A clear confirmation, and nothing said on the way (the refusals above) follows to the home page.
    await expect(page.getByRole('status').filter({ hasText: 'Sign-up complete' })).toBeVisible();
    await expect(page.getByTestId('toaster').getByRole('alert')).toHaveCount(0);
  });

  test('Spanish, the whole journey on a phone, a declined card first and a retry @phone', async ({ page, request }) => {
    const short = applicant();
    // A long address: masked on the review, it must still fit a narrow phone.
    const who = { ...short, email: short.email.replace('ana.', 'ana.maria.garcia-fernandez.administracion.') };
    await page.goto('/es/calculadora');
    await page.getByLabel('Tipo de mueble').selectOption('desk');
    await page.getByRole('button', { name: 'Añadir', exact: true }).click();
    await page.getByRole('button', { name: 'Buscar mi trastero' }).click();
    await page.getByRole('button', { name: 'Elegir Box 1 m³' }).click();
    await page.getByLabel('Empresa').check();
    await page.getByLabel('Nombre de la empresa *').fill('Mudanzas Sur SL');
    await page.getByLabel('CIF *').fill('B12345674');

    const proceso = await throughDocuments(page, request, 'es', who);
    await expectFitsNarrowPhone(page);
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expect(page).toHaveURL(`/es/alta/revision?proceso=${proceso}`);
    await page.getByRole('button', { name: 'Crear', exact: true }).click();
    await expect(page.getByText(/Cliente creado: CL-\d{6}/)).toBeVisible();

    // The box has a setup fee of its own: 50 EUR, also for a company.
    const declined = await payWithCard(page, /Pagar la fianza \(50,00/, '4000 0000 0000 0002');
    await expect(declined.getByRole('heading', { name: 'Pago rechazado' })).toBeVisible();
    await expect(declined.getByText('Tarjeta rechazada por el banco.')).toBeVisible();
    await declined.close();
    await expect(page.getByText('El banco ha rechazado la tarjeta.')).toBeVisible();
    await expect(page.getByTestId('payment-status')).toHaveText('Fallido');

    // A card whose bank never confirms (the checkout closed): not a dead end. The review says
    // until when it may wait, and the applicant can give it up and use another card.
    const waiting = await payWithCard(page, 'Intentar de nuevo', '4000 0000 0000 3220');
    await expect(waiting.getByText('Tu banco pide que confirmes este pago (3-D Secure).')).toBeVisible();
    await waiting.close();
    await expect(page.getByTestId('payment-status')).toHaveText('En proceso');
    await expect(page.getByTestId('payment-deadline')).toContainText('lo cancelaremos sin cobrarte nada');
    await expectFitsNarrowPhone(page);
    await page.getByRole('button', { name: 'Cancelar este pago y usar otra tarjeta' }).click();
    await expect(page.getByText('Pago cancelado: no se te ha cobrado nada. Puedes pagar de nuevo.')).toBeVisible();
    await expect(page.getByTestId('payment-status')).toHaveText('Cancelado');

    const paid = await payWithCard(page, 'Intentar de nuevo', '4242424242424242');
    await expect(paid.getByRole('heading', { name: /Pago completado/ })).toBeVisible();
    await paid.close();
    await expect(page.getByTestId('payment-status')).toHaveText('Completado');

    await page.getByRole('button', { name: 'Crear contrato' }).click();
    await expect(page.getByTestId('contract-status')).toHaveText('Pendiente de la firma del cliente');
    await sign(page, await signingLink(page, request, who.email), 'Ana García');
    await expect(page.getByTestId('contract-status')).toHaveText('Firmado por ambas partes');
    await expect(page.getByText('Proceso completado, no se pueden realizar más cambios')).toBeVisible();
    await expect(page.getByTestId('move-in-status')).toHaveText(/^[ABC]-\d{3}(, [ABC]-\d{3})*$/);
    // Signers listed, long masked e-mails and all: the review fits a 360 px phone.
    await expectFitsNarrowPhone(page);
    await page.getByRole('button', { name: 'Finalizar' }).click();
    await expect(page).toHaveURL(/\/es$/);
  });

  test('fifteen quiet minutes expire the sign-up and send the visitor home', async ({ page }) => {
    await page.clock.install();
    await page.goto('/en/signup');
    await page.getByLabel('Full name *').fill('Ana García');
    await page.clock.fastForward('14:00');
    await page.mouse.move(10, 10);
    await page.clock.fastForward('14:00');
    await expect(page).toHaveURL(/\/en\/signup$/);
    await page.clock.fastForward('02:30');
    await expect(page.getByText('Your session has expired due to inactivity. Please start again.')).toBeVisible();
    await expect(page).toHaveURL(/\/en$/);
    await page.goto('/en/signup');
    await expect(page.getByLabel('Full name *')).toHaveValue('');
  });
});
