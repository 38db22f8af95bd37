import { ACCOUNT_PATHS } from 'shared-api/account';
import type { Language } from 'shared-i18n';
import { z } from 'zod';
import { PaymentProviderError } from '../../adapters/payments';
import {
  type BalanceCheckout,
  euros,
  findPayment,
  overdueItems,
  type PayLinkHolder,
  payLinkHolder,
  startBalanceCheckout,
  tenantBalance,
} from '../../modules/billing';
import { commitThenRun } from '../../platform/jobs/queue';
import { escapeHtml, page } from '../../platform/pages/html';
import { type FunctionDefinition, parseOr400 } from '../router';

/** The tenant's pay link page (from an e-mail about arrears) and its card checkout. */
const TEXT = {
  es: {
    title: 'Pagar el alquiler pendiente',
    hello: (name: string) => `Hola ${name}:`,
    due: 'Pendiente de pago',
    invoice: 'Factura',
    other: 'Recargos y otros importes',
    pay: (amount: string) => `Pagar ${amount} con tarjeta`,
    secure:
      'Pagarás en la página segura del proveedor de pagos. Si tu acceso está suspendido, tu PIN volverá a abrir la puerta en un minuto.',
    nothing: 'No tienes nada pendiente de pago. Gracias.',
    inCollection: (amount: string) =>
      `Los próximos recibos (${amount}) se cobrarán por domiciliación bancaria, como siempre.`,
    invalid: 'Este enlace de pago no es válido o ha caducado.',
    office: (contact: string) => `Para pagar, ponte en contacto con la oficina: ${contact}.`,
    busy: 'No hemos podido conectar con el proveedor de pagos. Inténtalo de nuevo en un momento.',
    status: {
      pending: 'Pago pendiente',
      processing: 'Esperando la confirmación del banco',
      completed: 'Pago recibido',
      failed: 'Pago rechazado',
      cancelled: 'Pago cancelado',
    },
    completed:
      'Gracias. Te hemos enviado el justificante por correo. Si tu acceso estaba suspendido, tu PIN vuelve a abrir la puerta en un minuto.',
    unfinished:
      'No se ha cobrado nada. Para intentarlo de nuevo, vuelve a abrir el enlace de tu correo o paga desde tu cuenta.',
    waiting: 'En cuanto el banco lo confirme, te lo diremos por correo.',
    toAccount: 'Ir a mi cuenta',
  },
  en: {
    title: 'Pay the rent due',
    hello: (name: string) => `Hello ${name},`,
    due: 'Due now',
    invoice: 'Invoice',
    other: 'Late fees and other amounts',
    pay: (amount: string) => `Pay ${amount} by card`,
    secure:
      "You will pay on the payment provider's secure page. If your access is suspended, your PIN will open the door again within a minute.",
    nothing: 'Nothing is due. Thank you.',
    inCollection: (amount: string) => `Your next rent (${amount}) will be collected by direct debit, as usual.`,
    invalid: 'This payment link is not valid or has expired.',
    office: (contact: string) => `To pay, please contact the office: ${contact}.`,
    busy: 'The payment provider could not be reached. Please try again in a moment.',
    status: {
      pending: 'Payment pending',
      processing: 'Waiting for the bank to confirm',
      completed: 'Payment received',
      failed: 'Payment declined',
      cancelled: 'Payment cancelled',
    },
    completed:
      'Thank you. We have e-mailed you the receipt. If your access was suspended, your PIN opens the door again within a minute.',
    unfinished: 'Nothing was charged. To try again, open the link in your e-mail again, or pay from your account.',
    waiting: 'As soon as the bank confirms it, we will tell you by e-mail.',
    toAccount: 'Go to my account',
  },
} as const satisfies Record<Language, unknown>;

const send = (res: Parameters<FunctionDefinition['handle']>[2], html: string, status = 200) =>
  res
    .status(status)
    .type('html')
    // The token is in the address: never cached, never sent on as a referrer.
    .set({ 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' })
    .send(html);

/** A link that no longer works, in both languages (whose link it was is not known). */
function invalidPage(office: string): string {
  return page(
    `${TEXT.es.invalid} / ${TEXT.en.invalid}`,
    (['es', 'en'] as const)
      .map(
        (l) =>
          `<div class="card" lang="${l}"><h1>${TEXT[l].invalid}</h1><p>${escapeHtml(TEXT[l].office(office))}</p></div>`,
      )
      .join('\n'),
  );
}

const query = z.union([
  z.object({ token: z.string().max(100) }),
  z.object({ payment: z.string().max(40), lang: z.enum(['es', 'en']).optional() }),
]);

/** GET pay-balance?token=… (what is due, and a button to pay it) or ?payment=… (how the payment ended). */
export const payBalancePageFunction: FunctionDefinition = {
  name: 'pay-balance',
  method: 'GET',
  async handle(req, ctx, res) {
    const office = `${ctx.config.BUSINESS_PHONE} · ${ctx.config.BUSINESS_EMAIL}`;
    const input = parseOr400(query, req.query);
    if ('payment' in input) {
      const payment = await findPayment(ctx.db, input.payment);
      if (payment?.purpose !== 'balance') return send(res, invalidPage(office), 404);
      const language: Language = input.lang ?? 'es';
      const text = TEXT[language];
      const heading = text.status[payment.status];
      const after =
        payment.status === 'completed'
          ? text.completed
          : payment.status === 'failed' || payment.status === 'cancelled'
            ? text.unfinished
            : text.waiting;
      return send(
        res,
        page(
          heading,
          `<h1 class="${payment.status === 'completed' ? 'ok' : ''}">${heading}</h1>
<div class="card"><p><strong>${euros(Math.round(Number(payment.amount) * 100), language)}</strong></p><p>${after}</p>
<p><a href="${ACCOUNT_PATHS[language]}">${text.toAccount}</a></p></div>`,
          language,
        ),
      );
    }
    const holder = await payLinkHolder(ctx.db, input.token, ctx.clock.now());
    if (!holder) return send(res, invalidPage(office), 404);
    return send(res, await balancePage(ctx, holder, input.token));
  },
};

async function balancePage(
  ctx: Parameters<FunctionDefinition['handle']>[1],
  { registrationId, language, firstName }: PayLinkHolder,
  token: string,
  error?: string,
): Promise<string> {
  const text = TEXT[language];
  const balance = await tenantBalance(ctx.db, registrationId);
  const money = (cents: number) => euros(cents, language);
  const inCollection =
    balance.inCollectionCents > 0 ? `<p class="muted">${text.inCollection(money(balance.inCollectionCents))}</p>` : '';
  if (balance.payableCents <= 0) {
    return page(
      text.title,
      `<h1>${text.title}</h1><div class="card"><p>${escapeHtml(text.hello(firstName))}</p><p class="ok">${text.nothing}</p>${inCollection}</div>`,
      language,
    );
  }
  const items = await overdueItems(ctx.db, registrationId);
  const listed = items.reduce((sum, item) => sum + item.amountCents, 0);
  // A credit in the tenant's favour makes the total less than the invoices: only the total then.
  const itemised = listed <= balance.payableCents;
  const rowsHtml = [
    ...(itemised ? items : []).map(
      (item) =>
        `<tr><th scope="row">${text.invoice} ${escapeHtml(item.invoiceNumber)}</th><td>${money(item.amountCents)}</td></tr>`,
    ),
    ...(itemised && balance.payableCents > listed
      ? [`<tr><th scope="row">${text.other}</th><td>${money(balance.payableCents - listed)}</td></tr>`]
      : []),
  ].join('');
  return page(
    text.title,
    `<h1>${text.title}</h1>
<div class="card">
  <p>${escapeHtml(text.hello(firstName))}</p>
  ${error ? `<p class="error" role="alert">${error}</p>` : ''}
  <table><caption class="muted">${text.due}</caption>${rowsHtml}
  <tr><th scope="row">Total</th><td><strong>${money(balance.payableCents)}</strong></td></tr></table>
  <form method="post" action="/functions/v1/pay-balance-start">
    <input type="hidden" name="token" value="${escapeHtml(token)}">
    <div class="actions"><button class="primary" type="submit">${text.pay(money(balance.payableCents))}</button></div>
  </form>
  <p class="muted">${text.secure}</p>
  ${inCollection}
</div>`,
    language,
  );
}

/** POST pay-balance-start (the page's form): the card checkout for what is due now. */
export const payBalanceStartFunction: FunctionDefinition = {
  name: 'pay-balance-start',
  method: 'POST',
  body: 'form',
  async handle(req, ctx, res) {
    const office = `${ctx.config.BUSINESS_PHONE} · ${ctx.config.BUSINESS_EMAIL}`;
    const { token } = parseOr400(z.object({ token: z.string().max(100) }), req.body);
    const holder = await payLinkHolder(ctx.db, token, ctx.clock.now());
    if (!holder) return send(res, invalidPage(office), 404);
    let checkout: BalanceCheckout;
    try {
      checkout = await commitThenRun(ctx, (tx) => startBalanceCheckout(tx, ctx, holder.registrationId));
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      return send(res, await balancePage(ctx, holder, token, TEXT[holder.language].busy), 502);
    }
    if (checkout.kind === 'checkout') return res.redirect(303, checkout.checkoutUrl);
    return send(res, await balancePage(ctx, holder, token));
  },
};
