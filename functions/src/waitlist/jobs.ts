import type { JobHandler } from '../jobs/queue';
import { expireOffer, OFFER_EXPIRY_JOB, OFFER_ROUND_JOB, offerRound, type WaitlistContext } from './offers';

/** The waitlist's timed work, by job kind. */
export function waitlistJobs(ctx: WaitlistContext): Record<string, JobHandler> {
  return {
    [OFFER_ROUND_JOB]: async (tx, payload) => {
      await offerRound(tx, ctx, Number(payload.productId));
    },
    [OFFER_EXPIRY_JOB]: async (tx, payload) => {
      await expireOffer(tx, ctx, String(payload.offerId));
    },
  };
}
