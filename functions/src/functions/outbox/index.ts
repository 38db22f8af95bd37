import { outboxQuery, outboxResponse } from 'shared-api';
import type { FunctionDefinition } from '../../router';
import { parseOr400 } from '../../router';

/** Lets a tester read the codes the service sent. Registered only outside production. */
export const outboxFunction: FunctionDefinition = {
  name: 'outbox',
  method: 'GET',
  async handle(req, ctx) {
    const { recipient, limit } = parseOr400(outboxQuery, req.query);
    return outboxResponse.parse({ messages: await ctx.outbox.latest({ limit, ...(recipient ? { recipient } : {}) }) });
  },
};
