import { formatEuros } from 'shared-i18n';
import { z } from 'zod';
import { HttpError } from '../../http-error';
import { type FunctionDefinition, parseOr400 } from '../../router';
import { escapeHtml, page } from '../pages/html';
import { applyPaymentOutcome, findPayment, type PaymentRow } from './records';

/** The sandbox's test cards, as a card provider's sandbox documents them. */
export const TEST_CARDS = {
  '4242424242424242': 'completed',
  '4000000000000002': 'failed',
  '4000000000003220': 'processing',
} as const;

const euros = (amount: string) => formatEuros(Number(amount), 'es');

function checkoutForm(payment: PaymentRow, error?: string): string {
  const id = escapeHtml(payment.id);
  return page(
    'Pago de la fianza / Deposit payment',
    `<h1>Pago de la fianza <span class="muted">/ Deposit payment</span></h1>
<p><span class="badge">SANDBOX</span> <span class="muted">Entorno de pruebas: no se cobra nada. / Test environment: nothing is charged.</span></p>
<div class="card">
  <p>Importe / Amount: <strong>${euros(payment.amount)}</strong></p>
  ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
  <form method="post" action="/functions/v1/sandbox-checkout-submit">
    <input type="hidden" name="payment" value="${id}">
    <label for="card">Número de tarjeta / Card number</label>
    <input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required>
    <label for="expiry">Caducidad / Expiry (MM/AA)</label>
    <input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="12/30" required>
    <label for="cvc">CVC</label>
    <input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required>
    <div class="actions">
      <button class="primary" type="submit" name="decision" value="pay">Pagar / Pay ${euros(payment.amount)}</button>
      <button class="secondary" type="submit" name="decision" value="cancel" formnovalidate>Cancelar / Cancel</button>
    </div>
  </form>
</div>
<div class="card">
  <p><strong>Tarjetas de prueba / Test cards</strong></p>
  <table>
    <tr><th>4242 4242 4242 4242</th><td>Pago completado / Payment completed</td></tr>
    <tr><th>4000 0000 0000 0002</th><td>Pago rechazado / Payment declined</td></tr>
    <tr><th>4000 0000 0000 3220</th><td>En proceso / Processing</td></tr>
  </table>
  <p class="muted">Cualquier fecha futura y CVC de 3 cifras. / Any future date and a 3-digit CVC.</p>
</div>`,
  );
}

const RESULT_TEXT: Record<PaymentRow['status'], [string, string]> = {
  pending: ['Pago pendiente', 'Payment pending'],
  processing: ['Pago en proceso', 'Payment processing'],
  completed: ['Pago completado', 'Payment completed'],
  failed: ['Pago rechazado', 'Payment declined'],
  cancelled: ['Pago cancelado', 'Payment cancelled'],
};

function resultPage(payment: PaymentRow): string {
  const [es, en] = RESULT_TEXT[payment.status];
  const ok = payment.status === 'completed';
  return page(
    `${es} / ${en}`,
    `<h1 class="${ok ? 'ok' : ''}">${es} <span class="muted">/ ${en}</span></h1>
<div class="card">
  <p>Importe / Amount: <strong>${euros(payment.amount)}</strong></p>
  ${payment.failure_reason ? `<p class="error">${escapeHtml(payment.failure_reason)}</p>` : ''}
  <p>Puedes cerrar esta ventana o volver al alta. / You can close this window or go back to the sign-up.</p>
  <div class="actions"><a class="button primary" href="${escapeHtml(payment.return_path)}">Volver al alta / Back to sign-up</a></div>
</div>`,
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
  decision: z.enum(['pay', 'cancel']),
  card: z.string().optional().default(''),
  expiry: z.string().optional().default(''),
  cvc: z.string().optional().default(''),
});

/** Expiry MM/YY (or MM/YYYY) not in the past. */
export function validExpiry(value: string, now = new Date()): boolean {
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
  method: 'POST',
  async handle(req, ctx, res) {
    const form = parseOr400(submission, req.body);
    const payment = await findPayment(ctx.db, form.payment);
    if (payment?.provider !== 'sandbox') throw new HttpError(404, 'Payment not found');
    const send = (html: string, status = 200) =>
      res.status(status).type('html').set('cache-control', 'no-store').send(html);
    if (payment.status !== 'pending') return send(resultPage(payment));
    if (form.decision === 'cancel') {
      await applyPaymentOutcome(ctx.db, payment.id, 'cancelled', 'Payment cancelled');
    } else {
      const card = form.card.replace(/[\s-]/g, '');
      const outcome = TEST_CARDS[card as keyof typeof TEST_CARDS];
      if (!outcome)
        return send(checkoutForm(payment, 'Usa una de las tarjetas de prueba. / Use one of the test cards.'), 422);
      if (!validExpiry(form.expiry))
        return send(checkoutForm(payment, 'Fecha de caducidad no válida. / Invalid expiry date.'), 422);
      if (!/^\d{3,4}$/.test(form.cvc.trim())) return send(checkoutForm(payment, 'CVC no válido. / Invalid CVC.'), 422);
      await applyPaymentOutcome(ctx.db, payment.id, outcome, outcome === 'failed' ? 'Card declined' : undefined);
    }
    return send(resultPage((await findPayment(ctx.db, payment.id)) as PaymentRow));
  },
};
