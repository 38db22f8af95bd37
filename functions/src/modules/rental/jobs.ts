import type { JobHandler } from '../../platform/jobs/queue';
import { OFFER_ROUND_JOB, offerRound, type WaitlistContext } from '../waitlist';
import { serveAwaitingTenants } from './awaiting';
import type { MoveInContext } from './context';
import { noticeJobs } from './notice';
import { paymentJobs, type SettleContext } from './reservation/deposit-settlement';
import { scheduledMoveInJobs } from './scheduled-move-in';

/**
 * The rental's timed work: deposit checkouts that expire or need asking the provider, and the
 * offer round, where freed units of a size go first to tenants who paid and found none, then to
 * the line.
 */
export function rentalJobs(ctx: WaitlistContext & MoveInContext & SettleContext): Record<string, JobHandler> {
  return {
    ...paymentJobs(ctx),
    ...noticeJobs(ctx),
    ...scheduledMoveInJobs(ctx),
    [OFFER_ROUND_JOB]: async (tx, payload) => {
      const productId = Number(payload.productId);
      await serveAwaitingTenants(tx, ctx, productId);
      await offerRound(tx, ctx, productId);
    },
  };
}
