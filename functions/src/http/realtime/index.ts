import { type RealtimeEvent, registrationIdBody } from 'shared-api';
import { findRegistration, requireApplicantSession } from '../../modules/sign-up';
import { HttpError } from '../../platform/http-error';
import { metaOf } from '../../platform/request-meta';
import { type FunctionDefinition, parseOr400 } from '../router';

/** Comment lines keep proxies from closing a quiet stream. */
const HEARTBEAT_MS = 10_000;

/**
 * GET realtime?registrationId=… — Server-Sent Events of the registration's payment,
 * registration, contract and signer changes (one JSON `realtimeEvent` per message).
 */
export const realtimeFunction: FunctionDefinition = {
  name: 'realtime',
  method: 'GET',
  async handle(req, ctx, res) {
    const { registrationId } = parseOr400(registrationIdBody, req.query);
    // Payment and contract events are the applicant's own: the stream needs the session too.
    await requireApplicantSession(ctx.db, metaOf(req, res, ctx.config), registrationId);
    if (!(await findRegistration(ctx.db, registrationId))) throw new HttpError(404, 'Registration not found');
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const listener = Object.assign(
      (event: RealtimeEvent) => {
        res.write(`data: ${JSON.stringify(event)}\n\n`);
      },
      // A change may have been missed: the stream ends, the browser opens a new one and refetches.
      { lost: () => res.end() },
    );
    const unsubscribe = await ctx.realtime.subscribe(registrationId, listener);
    // Only once listening: whatever changes after `connected` reaches this stream. The browser
    // reconnects by itself after 3 s and then refetches the state.
    res.write('retry: 3000\n: connected\n\n');
    const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    req.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
    });
  },
};
