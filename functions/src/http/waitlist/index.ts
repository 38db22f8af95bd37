import { postFunctions } from 'shared-api';
import { acceptOfferByLink, confirmEntryByLink, leaveByLink, openEntryPage } from '../../modules/waitlist';
import { jsonFunction } from '../router';

/**
 * POST get-waitlist-entry: the private page's data, for whoever holds the link. Opening the page
 * while an offer is open is what keeps its units held for the full window (an offer nobody
 * opens passes on after WAITLIST_UNOPENED_OFFER_HOURS).
 */
export const getWaitlistEntryFunction = jsonFunction(
  'get-waitlist-entry',
  postFunctions['get-waitlist-entry'],
  ({ token }, ctx) => openEntryPage(ctx, token),
);

/** POST confirm-waitlist-entry: the entry's e-mail confirms it; it enters the line. */
export const confirmWaitlistEntryFunction = jsonFunction(
  'confirm-waitlist-entry',
  postFunctions['confirm-waitlist-entry'],
  ({ token }, ctx) => confirmEntryByLink(ctx, token),
);

/** POST leave-waitlist: out of the line; an offer it held passes to the next in line. */
export const leaveWaitlistFunction = jsonFunction(
  'leave-waitlist',
  postFunctions['leave-waitlist'],
  async ({ token }, ctx) => {
    await leaveByLink(ctx, token);
    return { success: true as const };
  },
);

/** POST accept-waitlist-offer: takes the open offer; the page then starts the sign-up with the product. */
export const acceptWaitlistOfferFunction = jsonFunction(
  'accept-waitlist-offer',
  postFunctions['accept-waitlist-offer'],
  async ({ token }, ctx) => {
    const { handoff, expiresAt } = await acceptOfferByLink(ctx, token);
    return { success: true as const, handoff, expiresAt: expiresAt.toISOString() };
  },
);
