import { verifySharedSecret } from '../../adapters/esign';
import { settleContract } from '../../modules/contracts';
import { HttpError } from '../../platform/http-error';
import { commitThenRun } from '../../platform/jobs/queue';
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
    await commitThenRun(ctx, async (tx) => {
      const { rows } = await tx.query<{ contract_id: string }>(
        `update contract_submitters set status = $2,
           signed_at = case when $2 = 'completed' then now() else signed_at end,
           declined_at = case when $2 = 'declined' then now() else declined_at end
         where provider_submitter_id = $1 and status not in ('completed', 'declined') returning contract_id::text`,
        [String(submitterId), status],
      );
      if (rows[0]) await settleContract(tx, ctx, rows[0].contract_id);
    });
    return { received: true };
  },
};
