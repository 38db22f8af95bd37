import type { JobHandler } from '../../platform/jobs/queue';
import { CONFIRMATION_LAPSE_JOB, lapseUnconfirmed } from './confirmation';
import { expireOffer, OFFER_EXPIRY_JOB, type WaitlistContext } from './offers';

/**
 * The waitlist's own timed work, by job kind. The offer round itself (freed units go first to
 * tenants who paid and found none, then to the line) is the rental module's: it runs both.
 */
export function waitlistJobs(ctx: WaitlistContext): Record<string, JobHandler> {
  return {
    [OFFER_EXPIRY_JOB]: async (tx, payload) => {
      await expireOffer(tx, ctx, String(payload.offerId));
    },
    [CONFIRMATION_LAPSE_JOB]: async (tx, payload) => {
      await lapseUnconfirmed(tx, ctx, String(payload.entryId));
    },
  };
}
