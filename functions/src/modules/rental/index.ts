/** The rental module's public face: what other modules and the HTTP layer may use. */

export { returnDeposit } from './deposit-return';
export { endRental, RENTAL_NOT_ACTIVE } from './end-rental';
export { rentalJobs } from './jobs';
export type { MoveInContext } from './move-in';
export { earliestMoveOut, giveNotice, latestMoveOut, withdrawNotice } from './notice';
export { fittingFreeUnits } from './remedy';
export { startDepositCheckout } from './reservation/checkout';
export { depositOf } from './reservation/deposit';
export { END_REASONS, endUnfinishedPayment, settlePayment } from './reservation/deposit-settlement';
export { heldFor, heldForRegistration } from './reservation/holds';
export { moveInWhenChosen } from './scheduled-move-in';
export {
  assignUnitsByStaff,
  endRentalByStaff,
  giveNoticeByStaff,
  refundDepositByStaff,
  setAccessByStaff,
  withdrawNoticeByStaff,
} from './staff-desk';
export { listUnits, setUnitService } from './unit-desk';
export { returnUnitToService, unitsOf } from './units';
