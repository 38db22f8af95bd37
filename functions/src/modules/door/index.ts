/** The door module's public face: what other modules and the HTTP layer may use. */
export { issueDoorAccess } from './access';
export { audit } from './audit';
export { DOOR_DEVICES } from './devices';
export {
  addressStanding,
  claimLoginAttempt,
  recordLoginFailure,
  recordLoginSuccess,
  releaseLoginAttempt,
} from './login-throttle';
export { checkPin } from './pin-check';
export type { UserRow } from './sessions';
export { adminUser, DOOR_USER_LANGUAGE, openSession, revokeSessions, sessionUser, toDoorUser } from './sessions';
export { ensureDoorAdmin } from './setup';
export {
  addDoorUser,
  assertStrongDoorPassword,
  deleteDoorUser,
  doorAuditPage,
  doorUsersWithRentals,
  issueMagicLink,
  rentalToEnd,
  updateDoorUser,
} from './users';
