/** The waitlist module's public face: what other modules and the HTTP layer may use. */
export { acceptOffer, claimForRegistration, claimHeldUnits } from './accept';
export { confirmBy, confirmEntry } from './confirmation';
export { waitlistJobs } from './jobs';
export { joinWaitlist } from './join';
export type { EntryRow } from './line';
export { entryByTokenHash, positionOf } from './line';
export { hashLinkToken } from './links';
export type { WaitlistContext } from './offers';
export {
  leaveLine,
  markOfferOpened,
  OFFER_ROUND_JOB,
  offerRound,
  unitsFreed,
} from './offers';
export { lineEntries, offerByHand, removeFromLine, sendToBack } from './staff-desk';
