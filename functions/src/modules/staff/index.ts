/** The staff module's public face: what other modules and the HTTP layer may use. */
export { recordAudit } from './audit';
export { isTrustedDevice, rememberDevice } from './devices';
export {
  claimStaffLogin,
  PAIR_MAX_FAILURES,
  recordStaffLoginSuccess,
  releaseStaffLogin,
  staffAddressStanding,
} from './login-throttle';
export { recoveryCodeUsedEmails } from './messages';
export { assertStrongPassword } from './new-password';
export {
  checkPasswordReset,
  issueResetLink,
  passwordResetJobs,
  requestPasswordReset,
  resetPassword,
  resetSecondFactor,
  sendPasswordReset,
} from './password-reset';
export { dropRecoveryCodes, issueRecoveryCodes, recoveryCodesLeft, spendRecoveryCode } from './recovery-codes';
export { ensureFirstManager } from './setup';
export type { Actor, StaffRow } from './staff-session';
export {
  closeStaffSession,
  openStaffSession,
  requireStaff,
  revokeStaffSessions,
  SIGN_IN_REQUIRED,
  secondFactorDue,
  staffColumns,
  toStaffMember,
} from './staff-session';
export { acceptedStep, newTotpSecret, totpCodeAt, totpUri } from './totp';
