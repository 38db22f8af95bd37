/** The door module's public face: what other modules and the HTTP layer may use. */
export { issueDoorAccess } from './access';
export { audit } from './audit';
export { checkPin } from './pin-check';
export { adminUser, revokeSessions, sessionUser, toDoorUser } from './sessions';
export { ensureDoorAdmin } from './setup';
export { doorLogIn, doorLogOut, validateDoorToken } from './sign-in';
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
