/** The waitlist module's public face: what other modules and the HTTP layer may use. */
export { claimForRegistration, claimHeldUnits } from './accept';
export { acceptOfferByLink, confirmEntryByLink, leaveByLink, openEntryPage } from './entry-page';
export { waitlistJobs } from './jobs';
export { joinWaitlist } from './join';
export type { WaitlistContext } from './offers';
export {
  OFFER_ROUND_JOB,
  offerRound,
  unitsFreed,
} from './offers';
export { lineEntries, offerByHand, removeFromLine, sendToBack } from './staff-desk';
