import { z } from 'zod';
import { HttpError } from '../../platform/http-error';
import { type FunctionDefinition, parseOr400 } from '../router';

const advance = z.object({
  hours: z
    .number()
    .positive()
    .max(24 * 365),
});

/**
 * Development and tests only (same exposure as the outbox): moves the service's clock forward
 * and runs the timed work now due, so a tester sees a 48-hour offer expire without waiting.
 */
export const devClockFunction: FunctionDefinition = {
  name: 'dev-clock',
  method: 'POST',
  async handle(req, ctx) {
    const clock = ctx.adjustableClock;
    if (!clock) throw new HttpError(404, 'Unknown function: dev-clock');
    const { hours } = parseOr400(advance, req.body);
    const now = clock.advance(hours * 3_600_000);
    const ran = await ctx.jobs.runDue();
    ctx.jobs.wake();
    return { now: now.toISOString(), jobsRun: ran };
  },
};
