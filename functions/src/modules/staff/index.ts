/** The staff module's public face: what other modules and the HTTP layer may use. */

export { ARREARS_RULES, recordAudit } from './audit';
export { PAIR_MAX_FAILURES } from './login-throttle';
export { listMessages, resendMessage } from './outbox-desk';
export {
  changeOwnPassword,
  disableSecondFactor,
  enableSecondFactor,
  logIn,
  regenerateRecoveryCodes,
  setUpSecondFactor,
  signedInMember,
} from './own-account';
export {
  checkPasswordReset,
  passwordResetJobs,
  requestPasswordReset,
  resetPassword,
  resetSecondFactor,
  sendPasswordReset,
} from './password-reset';
export { ensureFirstManager } from './setup';
export type { Actor } from './staff-session';
export {
  closeStaffSession,
  forgetStaffSession,
  requireStaff,
} from './staff-session';
export { addStaff, listAudit, listStaff, updateStaff } from './team';
export { totpCodeAt } from './totp';
