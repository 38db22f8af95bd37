import { verifySharedSecret } from '../../adapters/esign';
import { recordProviderSignature } from '../../modules/contracts';
import { HttpError } from '../../platform/http-error';
import type { FunctionDefinition } from '../router';

/**
 * POST esign-webhook — the e-signature provider reports a signer's action (`form.completed`,
 * `form.declined`, `form.viewed`), authenticated by a shared secret header.
 */
export const eSignWebhookFunction: FunctionDefinition = {
  name: 'esign-webhook',
  method: 'POST',
  async handle(req, ctx) {
    const secret = ctx.config.DOCUSEAL_WEBHOOK_SECRET;
    if (!secret) throw new HttpError(404, 'Webhook not configured');
    if (!verifySharedSecret(secret, req.get('x-webhook-secret'))) throw new HttpError(401, 'Invalid secret');
    const body = req.body as { event_type?: unknown; data?: { id?: unknown } };
    const status = { 'form.completed': 'completed', 'form.declined': 'declined', 'form.viewed': 'opened' }[
      String(body.event_type)
    ];
    const submitterId = body.data?.id;
    if (!status || (typeof submitterId !== 'number' && typeof submitterId !== 'string')) return { received: true };
    await recordProviderSignature(ctx, String(submitterId), status as 'completed' | 'declined' | 'opened');
    return { received: true };
  },
};
