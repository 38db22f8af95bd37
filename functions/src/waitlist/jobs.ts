import type { JobHandler } from '../jobs/queue';
import { serveAwaitingTenants } from '../move-in/awaiting';
import type { MoveInContext } from '../move-in/move-in';
import { CONFIRMATION_LAPSE_JOB, lapseUnconfirmed } from './confirmation';
import { expireOffer, OFFER_EXPIRY_JOB, OFFER_ROUND_JOB, offerRound, type WaitlistContext } from './offers';

/** The waitlist's timed work, by job kind. */
export function waitlistJobs(ctx: WaitlistContext & MoveInContext): Record<string, JobHandler> {
  return {
    // Tenants who signed and paid but found no unit go first; then the line.
    [OFFER_ROUND_JOB]: async (tx, payload) => {
      const productId = Number(payload.productId);
      await serveAwaitingTenants(tx, ctx, productId);
      await offerRound(tx, ctx, productId);
    },
    [OFFER_EXPIRY_JOB]: async (tx, payload) => {
      await expireOffer(tx, ctx, String(payload.offerId));
    },
    [CONFIRMATION_LAPSE_JOB]: async (tx, payload) => {
      await lapseUnconfirmed(tx, ctx, String(payload.entryId));
    },
  };
}
