import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { TEST_APPLICANT } from 'shared-api/testing';
import type { ReceivedMail } from '../mailbox';
import { MAILBOX_URL } from '../ports';

/** Shared steps of the sign-up journeys. */
/**
 * Whole, real files: the server re-encodes images (one it cannot decode is refused) and reads
 * every PDF object (one with no page is refused). 4×3 red pixels; one blank A4 page.
 */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWM4IScHRww4OQD1xwwx6wqgCwAAAABJRU5ErkJggg==',
  'base64',
);
export const JPEG = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAADAAQDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABgf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCAAHlhf//Z',
  'base64',
);
export const PDF = Buffer.from(
  'JVBERi0xLjcKJeLjz9MKMSAwIG9iago8PCAvVHlwZSAvQ2F0YWxvZyAvUGFnZXMgMiAwIFIgPj4KZW5kb2JqCjIgMCBvYmoKPDwgL1R5cGUgL1BhZ2VzIC9LaWRzIFszIDAgUl0gL0NvdW50IDEgPj4KZW5kb2JqCjMgMCBvYmoKPDwgL1R5cGUgL1BhZ2UgL1BhcmVudCAyIDAgUiAvTWVkaWFCb3ggWzAgMCA1OTUgODQyXSA+PgplbmRvYmoKeHJlZgowIDQKMDAwMDAwMDAwMCA2NTUzNSBmIAowMDAwMDAwMDE1IDAwMDAwIG4gCjAwMDAwMDAwNjQgMDAwMDAgbiAKMDAwMDAwMDEyMSAwMDAwMCBuIAp0cmFpbGVyCjw8IC9TaXplIDQgL1Jvb3QgMSAwIFIgPj4Kc3RhcnR4cmVmCjE5MgolJUVPRgo=',
  'base64',
);

/** The company's inbox in the e2e stack (it countersigns and gets the business's notices). */
export const BUSINESS_EMAIL = 'reservas@trasteros-demo.example';

/** A fresh applicant per test: the e-mail and phone must not match an earlier registration. */
export function applicant() {
  const n = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-9);
  return { email: `ana.${n}@example.com`, phone: `+34 6${n.slice(1, 3)} ${n.slice(3, 6)} ${n.slice(6, 9)}` };
}

/** The newest message a person would have received, read from the development outbox. */
export async function lastMessage(request: APIRequestContext, recipient: string): Promise<string> {
  let body = '';
  await expect(async () => {
    const res = await request.get(`/functions/v1/outbox?recipient=${encodeURIComponent(recipient)}&limit=1`);
    const { messages } = (await res.json()) as { messages: { body: string }[] };
    body = messages[0]?.body ?? '';
    expect(body).not.toBe('');
  }).toPass({ timeout: 5_000 });
  return body;
}

export const codeIn = (message: string) => /\b(\d{6})\b/.exec(message)?.[1] ?? '';
export const compactPhone = (phone: string) => phone.replace(/\s+/g, '');

export const ES = {
  fullName: 'Nombre completo *',
  documentNumber: 'Número de documento *',
  email: 'Email *',
  phone: 'Teléfono *',
  address: 'Dirección *',
  city: 'Ciudad *',
  postalCode: 'Código postal *',
  iban: 'IBAN *',
  next: 'Siguiente',
};
export const EN = {
  fullName: 'Full name *',
  documentNumber: 'Document number *',
  email: 'Email *',
  phone: 'Phone *',
  address: 'Address *',
  city: 'City *',
  postalCode: 'Postal code *',
  iban: 'IBAN *',
  next: 'Next',
};

export async function fillClientData(page: Page, labels: typeof ES, who: { email: string; phone: string }) {
  // The suites' one applicant, typed as a person types it; each journey brings its own contacts.
  await page.getByLabel(labels.fullName).fill(TEST_APPLICANT.fullName);
  await page.getByLabel(labels.documentNumber).fill(TEST_APPLICANT.documentNumber);
  await page.getByLabel(labels.email).fill(who.email);
  await page.getByLabel(labels.phone).fill(who.phone);
  await page.getByLabel(labels.address).fill(TEST_APPLICANT.address);
  await page.getByLabel(labels.city).fill(TEST_APPLICANT.city);
  await page.getByLabel(labels.postalCode).fill(TEST_APPLICANT.postalCode);
  await page.getByLabel(labels.iban).fill(TEST_APPLICANT.iban);
}

type Labels = typeof ES;

const SCREENS = {
  es: {
    labels: ES,
    emailCode: 'Código del email',
    smsCode: 'Código del SMS',
    verifyBoth: 'Verificar ambos',
    continue: 'Continuar',
    front: 'Parte delantera del DNI/NIE *',
    back: 'Parte trasera del DNI/NIE *',
    bank: /Documento bancario/,
    save: 'Guardar documentos',
  },
  en: {
    labels: EN,
    emailCode: 'Email code',
    smsCode: 'SMS code',
    verifyBoth: 'Verify both',
    continue: 'Continue',
    front: 'Front of ID (DNI/NIE) *',
    back: 'Back of ID (DNI/NIE) *',
    bank: /Bank document/,
    save: 'Save documents',
  },
} as const;

/**
 * From the client data screen to the service step: data, both codes from the outbox, the
 * three documents. Returns the registration id.
 */
export async function throughDocuments(
  page: Page,
  request: APIRequestContext,
  language: 'es' | 'en',
  who: { email: string; phone: string },
): Promise<string> {
  const screen = SCREENS[language];
  const labels: Labels = screen.labels;
  await fillClientData(page, labels, who);
  await page.getByRole('button', { name: labels.next }).click();
  await expect(page.getByLabel(screen.emailCode)).toBeVisible();
  const proceso = new URL(page.url()).searchParams.get('proceso') ?? '';
  await page.getByLabel(screen.emailCode).fill(codeIn(await lastMessage(request, who.email)));
  await page.getByLabel(screen.smsCode).fill(codeIn(await lastMessage(request, compactPhone(who.phone))));
  await page.getByRole('button', { name: screen.verifyBoth }).click();
  await page.getByRole('button', { name: screen.continue }).click();
  // The documents step lands first (the draft is checked): a file chosen before it is ready is lost.
  await expect(page).toHaveURL(new RegExp(`/${language === 'es' ? 'es/alta/documentos' : 'en/signup/documents'}\\?`));
  await expect(page.getByRole('button', { name: screen.save })).toBeEnabled();
  await page.getByLabel(screen.front).setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG });
  await page.getByLabel(screen.back).setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: PNG });
  await page.getByLabel(screen.bank).setInputFiles({ name: 'bank.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByRole('button', { name: screen.save }).click();
  await expect(page).toHaveURL(new RegExp(`/${language === 'es' ? 'es/alta/servicios' : 'en/signup/services'}\\?`));
  return proceso;
}

/**
 * The signing link a signer received for one registration (tests run in parallel: the
 * company receives links for several), read from the outbox.
 */
export async function signingLink(page: Page, request: APIRequestContext, recipient: string): Promise<string> {
  const shown = await page
    .getByText(/código de registro: |registration code: /i)
    .first()
    .textContent();
  const code = /([A-Z0-9]{6})$/.exec((shown ?? '').trim())?.[1];
  expect(code, 'registration code on the page').toBeTruthy();
  let link = '';
  // From the signer's inbox (SMTP): the company's link is never listed by the development outbox.
  await expect(async () => {
    const res = await request.get(`${MAILBOX_URL}/?recipient=${encodeURIComponent(recipient)}`);
    const { messages } = (await res.json()) as { messages: { subject: string; text: string }[] };
    const message = messages.find((m) => m.subject.endsWith(`· ${code}`));
    link = /https?:\/\/\S+\/functions\/v1\/esign\?token=[A-Za-z0-9_-]+/.exec(message?.text ?? '')?.[0] ?? '';
    expect(link).not.toBe('');
  }).toPass({ timeout: 5_000 });
  const url = new URL(link);
  return url.pathname + url.search;
}

/**
 * Nothing on the page is wider than a 360 px phone: checked at 360×640, then the viewport is
 * restored. On failure the widest culprits are named (tag, class, text).
 */
export async function expectFitsNarrowPhone(page: Page) {
  const before = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 640 });
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const overflows = (element: Element) => element.getBoundingClientRect().right > width + 0.5;
    // The innermost offenders: what forces the width, not every box around it.
    return [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => overflows(element) && ![...element.children].some(overflows))
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className} "${element.textContent?.slice(0, 40)}"`);
  });
  if (before) await page.setViewportSize(before);
  expect(overflow).toEqual([]);
}

/** Pays in the sandbox checkout the review opens in a new window. */
export async function payWithCard(page: Page, payLabel: RegExp | string, card: string) {
  const checkoutOpens = page.waitForEvent('popup');
  await page.getByRole('button', { name: payLabel }).click();
  const checkout = await checkoutOpens;
  await checkout.waitForURL(/\/functions\/v1\/sandbox-checkout\?payment=/);
  // The checkout speaks the sign-up's language.
  const spanish = (await checkout.locator('html').getAttribute('lang')) === 'es';
  await checkout.getByLabel(spanish ? 'Número de tarjeta' : 'Card number').fill(card);
  await checkout.getByLabel(spanish ? 'Caducidad (MM/AA)' : 'Expiry (MM/YY)').fill('12/39');
  await checkout.getByLabel('CVC').fill('123');
  await checkout.getByRole('button', { name: spanish ? /^Pagar / : /^Pay / }).click();
  return checkout;
}

/** Signs on the local signing page reached from the e-mailed link. */
export async function sign(page: Page, link: string, name: string) {
  const signer = await page.context().newPage();
  await signer.goto(link);
  await expect(signer.getByText('CONTRATO DE ALQUILER DE TRASTERO')).toBeVisible();
  await signer.getByLabel('Nombre completo / Full name').fill(name);
  await signer.getByLabel(/He leído el contrato/).check();
  await signer.getByRole('button', { name: 'Firmar / Sign' }).click();
  await expect(signer.getByRole('heading', { name: /Contrato firmado/ })).toBeVisible();
  await signer.close();
}

/** The newest e-mail to `recipient` whose subject matches, from the e2e inbox (SMTP). */
export async function received(request: APIRequestContext, recipient: string, subject: RegExp): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect(async () => {
    const res = await request.get(`${MAILBOX_URL}/?recipient=${encodeURIComponent(recipient)}`);
    found = ((await res.json()) as { messages: ReceivedMail[] }).messages.find((m) => subject.test(m.subject));
    expect(found, `an e-mail "${subject}" to ${recipient}`).toBeTruthy();
  }).toPass({ timeout: 10_000 });
  return found as ReceivedMail;
}

/**
 * An applicant all the way to a tenant: the sign-up at `path` (a product chosen), the deposit paid,
 * the contract signed by both; returns the unit given and the registration's code.
 */
export async function becomeTenant(
  page: Page,
  request: APIRequestContext,
  who: { email: string; phone: string },
  path: string,
): Promise<{ unitNumber: string; code: string }> {
  await page.goto(path);
  await throughDocuments(page, request, 'es', who);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByRole('button', { name: 'Crear', exact: true }).click();
  await expect(page.getByText(/Cliente creado: CL-\d{6}/)).toBeVisible();
  const paid = await payWithCard(page, /Pagar la fianza \(/, '4242424242424242');
  await expect(paid.getByRole('heading', { name: /Pago completado/ })).toBeVisible();
  await paid.close();
  await page.getByRole('button', { name: 'Crear contrato' }).click();
  await expect(page.getByTestId('contract-status')).toHaveText('Pendiente de la firma del cliente');
  // The company signs by itself the moment she does (the manager's setting, on by default).
  await sign(page, await signingLink(page, request, who.email), 'Ana García');
  // A unit is the tenant's, live on the review.
  const unit = page.getByTestId('move-in-status');
  await expect(unit).toHaveText(/^[A-Z]-\d{3}$/);
  const shown =
    (await page
      .getByText(/código de registro: /i)
      .first()
      .textContent()) ?? '';
  return { unitNumber: (await unit.textContent()) ?? '', code: /([A-Z0-9]{6})$/.exec(shown.trim())?.[1] ?? '' };
}
