import { DEV_OUTBOX_NOTICE, outboxQuery, outboxResponse } from 'shared-api';
import type { FunctionDefinition } from '../../router';
import { parseOr400 } from '../../router';

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
