/** The door module's public face: what other modules and the HTTP layer may use. */
export { hasDoorAccess, issueDoorAccess } from './access';
export { changeDoorPassword, changeDoorPin, openDoor } from './at-the-door';
export { doorAuditPage, searchDoorAudit } from './audit-log';
export { adminUser, sessionUser, toDoorUser } from './sessions';
export { ensureDoorAdmin } from './setup';
export { doorLogIn, doorLogOut, validateDoorToken } from './sign-in';
export { changeTenantPin, sendTenantDoorLink, tenantDoorLog } from './tenant';
export {
  addDoorUser,
  deleteDoorUser,
  doorUsersWithRentals,
  issueMagicLink,
  rentalToEnd,
  updateDoorUser,
} from './users';
