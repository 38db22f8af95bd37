import { formatEuros, type Language, languageFromPath } from 'shared-i18n';
import { z } from 'zod';
import { findPayment, type PaymentRow } from '../../modules/billing';
import { END_REASONS, settlePayment } from '../../modules/rental';
import { HttpError } from '../../platform/http-error';
import { commitThenRun } from '../../platform/jobs/queue';
import { escapeHtml, page } from '../../platform/pages/html';
import { type FunctionDefinition, parseOr400 } from '../router';

/** The sandbox's test cards, as a card provider's sandbox documents them. */
const TEST_CARDS = {
  '4242424242424242': 'completed',
  '4000000000000002': 'failed',
  '4000000000003220': 'processing',
} as const;

/**
 * The checkout speaks the applicant's language: the one of the sign-up page it returns to
 * (a bilingual page mixed in whatever the provider said, "Card declined" in English only).
 */
const TEXT = {
  es: {
    title: 'Pago de la fianza',
    balanceTitle: 'Pago del alquiler pendiente',
    backToBalance: 'Volver',
    sandbox: 'Entorno de pruebas: no se cobra nada.',
    amount: 'Importe',
    card: 'Número de tarjeta',
    expiry: 'Caducidad (MM/AA)',
    pay: 'Pagar',
    cancel: 'Cancelar',
    testCards: 'Tarjetas de prueba',
    anyDate: 'Cualquier fecha futura y un CVC de 3 cifras.',
    close: 'Puedes cerrar esta ventana o volver al alta.',
    back: 'Volver al alta',
    useTestCard: 'Usa una de las tarjetas de prueba.',
    badExpiry: 'Fecha de caducidad no válida.',
    badCvc: 'CVC no válido.',
    status: {
      pending: 'Pago pendiente',
      processing: 'Pago en proceso',
      completed: 'Pago completado',
      failed: 'Pago rechazado',
      cancelled: 'Pago cancelado',
    },
    reasons: {
      'Card declined': 'Tarjeta rechazada por el banco.',
      'Payment cancelled': 'El pago se ha cancelado.',
      'Payment expired': 'El pago no se confirmó a tiempo y se ha cancelado: no se ha cobrado nada.',
    },
    challenge: 'Tu banco pide que confirmes este pago (3-D Secure).',
    authenticate: 'Confirmar el pago',
    refuse: 'No lo autorizo',
    challengeCard: 'Pago en proceso: el banco pide confirmarlo',
  },
  en: {
    title: 'Deposit payment',
    balanceTitle: 'Overdue rent payment',
    backToBalance: 'Back',
    sandbox: 'Test environment: nothing is charged.',
    amount: 'Amount',
    card: 'Card number',
    expiry: 'Expiry (MM/YY)',
    pay: 'Pay',
    cancel: 'Cancel',
    testCards: 'Test cards',
    anyDate: 'Any future date and a 3-digit CVC.',
    close: 'You can close this window or go back to the sign-up.',
    back: 'Back to sign-up',
    useTestCard: 'Use one of the test cards.',
    badExpiry: 'Invalid expiry date.',
    badCvc: 'Invalid CVC.',
    status: {
      pending: 'Payment pending',
      processing: 'Payment processing',
      completed: 'Payment completed',
      failed: 'Payment declined',
      cancelled: 'Payment cancelled',
    },
    reasons: {
      'Card declined': 'The bank declined the card.',
      'Payment cancelled': 'The payment was cancelled.',
      'Payment expired': 'The payment was not confirmed in time and was cancelled: nothing was charged.',
    },
    challenge: 'Your bank asks you to confirm this payment (3-D Secure).',
    authenticate: 'Confirm the payment',
    refuse: 'I do not authorise it',
    challengeCard: 'Payment processing: the bank asks to confirm it',
  },
} as const satisfies Record<Language, unknown>;

type Text = (typeof TEXT)[Language];

/** A deposit's return path is a sign-up page; a balance's, the pay page with its `lang`. */
const languageOf = (payment: PaymentRow): Language =>
  languageFromPath(payment.return_path) ??
  (new URL(payment.return_path, 'http://return.invalid').searchParams.get('lang') === 'en' ? 'en' : 'es');

const titleOf = (payment: PaymentRow, text: Text) => (payment.purpose === 'balance' ? text.balanceTitle : text.title);

function reasonText(text: Text, reason: string): string {
  return Object.hasOwn(text.reasons, reason) ? text.reasons[reason as keyof Text['reasons']] : reason;
}

function checkoutForm(payment: PaymentRow, error?: keyof Pick<Text, 'useTestCard' | 'badExpiry' | 'badCvc'>): string {
  const language = languageOf(payment);
  const text = TEXT[language];
  const id = escapeHtml(payment.id);
  const amount = formatEuros(Number(payment.amount), language);
  const title = titleOf(payment, text);
  return page(
    title,
    `<h1>${title}</h1>
<p><span class="badge">SANDBOX</span> <span class="muted">${text.sandbox}</span></p>
<div class="card">
  <p>${text.amount}: <strong>${amount}</strong></p>
  ${error ? `<p class="error" role="alert">${text[error]}</p>` : ''}
  <form method="post" action="/functions/v1/sandbox-checkout-submit">
    <input type="hidden" name="payment" value="${id}">
    <label for="card">${text.card}</label>
    <input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required>
    <label for="expiry">${text.expiry}</label>
    <input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="12/30" required>
    <label for="cvc">CVC</label>
    <input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required>
    <div class="actions">
      <button class="primary" type="submit" name="decision" value="pay">${text.pay} ${amount}</button>
      <button class="secondary" type="submit" name="decision" value="cancel" formnovalidate>${text.cancel}</button>
    </div>
  </form>
</div>
<div class="card">
  <p><strong>${text.testCards}</strong></p>
  <table>
    <tr><th>4242 4242 4242 4242</th><td>${text.status.completed}</td></tr>
    <tr><th>4000 0000 0000 0002</th><td>${text.status.failed}</td></tr>
    <tr><th>4000 0000 0000 3220</th><td>${text.challengeCard}</td></tr>
  </table>
  <p class="muted">${text.anyDate}</p>
</div>`,
    language,
  );
}

function resultPage(payment: PaymentRow): string {
  const language = languageOf(payment);
  const text = TEXT[language];
  const heading = text.status[payment.status];
  const ok = payment.status === 'completed';
  return page(
    heading,
    `<h1 class="${ok ? 'ok' : ''}">${heading}</h1>
<div class="card">
  <p>${text.amount}: <strong>${formatEuros(Number(payment.amount), language)}</strong></p>
  ${payment.failure_reason ? `<p class="error">${escapeHtml(reasonText(text, payment.failure_reason))}</p>` : ''}
  ${
    payment.status === 'processing'
      ? `<p>${text.challenge}</p>
  <form method="post" action="/functions/v1/sandbox-checkout-submit">
    <input type="hidden" name="payment" value="${escapeHtml(payment.id)}">
    <div class="actions">
      <button class="primary" type="submit" name="decision" value="authenticate">${text.authenticate}</button>
      <button class="secondary" type="submit" name="decision" value="refuse">${text.refuse}</button>
    </div>
  </form>`
      : ''
  }
  ${payment.purpose === 'balance' ? '' : `<p>${text.close}</p>`}
  <div class="actions"><a class="button primary" href="${escapeHtml(payment.return_path)}">${payment.purpose === 'balance' ? text.backToBalance : text.back}</a></div>
</div>`,
    language,
  );
}

/** GET sandbox-checkout?payment=… — the local provider's checkout page. */
export const sandboxCheckoutFunction: FunctionDefinition = {
  name: 'sandbox-checkout',
  method: 'GET',
  async handle(req, ctx, res) {
    const { payment: paymentId } = parseOr400(z.object({ payment: z.string() }), req.query);
    const payment = await findPayment(ctx.db, paymentId);
    if (payment?.provider !== 'sandbox') throw new HttpError(404, 'Payment not found');
    const html = payment.status === 'pending' ? checkoutForm(payment) : resultPage(payment);
    res.type('html').set('cache-control', 'no-store').send(html);
  },
};

const submission = z.object({
  payment: z.string(),
  decision: z.enum(['pay', 'cancel', 'authenticate', 'refuse']),
  card: z.string().optional().default(''),
  expiry: z.string().optional().default(''),
  cvc: z.string().optional().default(''),
});

/** Expiry MM/YY (or MM/YYYY) not in the past. */
function validExpiry(value: string, now = new Date()): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(value.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = Number(match[2]?.length === 2 ? `20${match[2]}` : match[2]);
  if (month < 1 || month > 12) return false;
  return year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1);
}

/** POST sandbox-checkout-submit — what a provider's webhook would report, applied at once. */
export const sandboxCheckoutSubmitFunction: FunctionDefinition = {
  name: 'sandbox-checkout-submit',
  body: 'form',
  method: 'POST',
  async handle(req, ctx, res) {
    const form = parseOr400(submission, req.body);
    const payment = await findPayment(ctx.db, form.payment);
    if (payment?.provider !== 'sandbox') throw new HttpError(404, 'Payment not found');
    const send = (html: string, status = 200) =>
      res.status(status).type('html').set('cache-control', 'no-store').send(html);
    const settle = (outcome: 'processing' | 'completed' | 'failed' | 'cancelled', reason?: string) =>
      commitThenRun(ctx, (tx) => settlePayment(tx, ctx, payment.id, outcome, reason));
    // The bank's 3-D Secure check of a card that asked for one (the processing card).
    if (payment.status === 'processing' && (form.decision === 'authenticate' || form.decision === 'refuse')) {
      await settle(
        form.decision === 'authenticate' ? 'completed' : 'failed',
        form.decision === 'refuse' ? END_REASONS.declined : undefined,
      );
      return send(resultPage((await findPayment(ctx.db, payment.id)) as PaymentRow));
    }
    if (payment.status !== 'pending' || form.decision === 'authenticate' || form.decision === 'refuse') {
      return send(resultPage(payment));
    }
    if (form.decision === 'cancel') {
      await settle('cancelled', END_REASONS.cancelled);
    } else {
      const card = form.card.replace(/[\s-]/g, '');
      const outcome = TEST_CARDS[card as keyof typeof TEST_CARDS];
      if (!outcome) return send(checkoutForm(payment, 'useTestCard'), 422);
      if (!validExpiry(form.expiry)) return send(checkoutForm(payment, 'badExpiry'), 422);
      if (!/^\d{3,4}$/.test(form.cvc.trim())) return send(checkoutForm(payment, 'badCvc'), 422);
      await settle(outcome, outcome === 'failed' ? END_REASONS.declined : undefined);
    }
    return send(resultPage((await findPayment(ctx.db, payment.id)) as PaymentRow));
  },
};
