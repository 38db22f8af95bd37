import { DEV_OUTBOX_NOTICE, outboxAttachmentQuery, outboxQuery, outboxResponse } from 'shared-api';
import { HttpError } from '../../platform/http-error';
import type { FunctionDefinition } from '../router';
import { parseOr400 } from '../router';

/**
 * Lets a tester read the codes the service sent. Registered only with DEV_OUTBOX=1 (tests,
 * `npm run dev`), never in production; the company's signing links are never listed.
 */
export const outboxFunction: FunctionDefinition = {
  name: 'outbox',
  method: 'GET',
  async handle(req, ctx) {
    const { recipient, limit } = parseOr400(outboxQuery, req.query);
    return outboxResponse.parse({
      notice: DEV_OUTBOX_NOTICE,
      messages: await ctx.outbox.latest({ limit, ...(recipient ? { recipient } : {}) }),
    });
  },
};

/** The file of a listed outbox e-mail (the signed contract a tester opens). Same exposure as `outbox`. */
export const outboxAttachmentFunction: FunctionDefinition = {
  name: 'outbox-attachment',
  method: 'GET',
  async handle(req, ctx, res) {
    const { id } = parseOr400(outboxAttachmentQuery, req.query);
    const file = await ctx.outbox.listedAttachment(id);
    if (!file) throw new HttpError(404, 'Attachment not found');
    res
      .type(file.contentType)
      .set('cache-control', 'no-store')
      .set('content-disposition', `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`)
      .send(Buffer.from(file.content));
  },
};
