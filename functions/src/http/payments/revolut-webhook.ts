import { REVOLUT_EVENTS, verifyRevolutSignature } from '../../adapters/payments';
import { paymentOfOrder } from '../../modules/billing';
import { END_REASONS, settlePayment } from '../../modules/rental';
import { HttpError } from '../../platform/http-error';
import { commitThenRun } from '../../platform/jobs/queue';
import type { FunctionDefinition } from '../router';

/** POST revolut-webhook — the card provider reports order events; only signed calls count. */
export const revolutWebhookFunction: FunctionDefinition = {
  name: 'revolut-webhook',
  method: 'POST',
  async handle(req, ctx) {
    const secret = ctx.config.REVOLUT_WEBHOOK_SECRET;
    if (!secret) throw new HttpError(404, 'Webhook not configured');
    const rawBody = (req as { rawBody?: Buffer }).rawBody?.toString('utf8') ?? '';
    const signed = verifyRevolutSignature({
      secret,
      rawBody,
      timestamp: req.get('revolut-request-timestamp'),
      signatureHeader: req.get('revolut-signature'),
    });
    if (!signed) throw new HttpError(401, 'Invalid signature');
    const body = req.body as { event?: unknown; order_id?: unknown };
    const outcome = typeof body.event === 'string' ? REVOLUT_EVENTS[body.event] : undefined;
    if (!outcome || typeof body.order_id !== 'string') return { received: true };
    const payment = await paymentOfOrder(ctx.db, 'revolut', body.order_id);
    if (payment) {
      await commitThenRun(ctx, (tx) =>
        settlePayment(tx, ctx, payment.id, outcome, outcome === 'failed' ? END_REASONS.declined : undefined),
      );
    }
    return { received: true };
  },
};
