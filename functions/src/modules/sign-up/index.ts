/** The sign-up module's public face: what other modules and the HTTP layer may use. */
export { startRegistrationFrom } from './again';
export { holdsApplicantSession, requireApplicantSession } from './applicant-session';
export { becomeClient } from './client';
export { updateClientField } from './client-data';
export {
  generateVerificationCode,
  RECOVERY_CODE_ALPHABET,
  sameHash,
} from './codes';
export { replaceRejectedDocument, reviewDocument, reviewedDocuments } from './document-review';
export { INVALID_FORMAT, openDocument, PDF_ACTIVE_CONTENT, PDF_ENCRYPTED, storeDocument } from './documents/store';
export { checkExisting } from './existing';
export { rejectedDocumentProblem } from './messages';
export type { RegistrationRow } from './records';
export {
  findRegistration,
  isUuid,
  REGISTRATION_NOT_FOUND,
  readMetadata,
  requireOpenRegistration,
  requireRegistration,
  touchRegistration,
} from './records';
export {
  confirmRecovery,
  recoverByCode,
} from './recovery';
export {
  chooseProduct,
  createRegistration,
  registrationWithDocuments,
  updateRegistration,
} from './registration';
export { findProduct, unitsFor } from './service-choice';
export { secondsUntilResend } from './verification';
export { resendCode, verifyContact } from './verify-contact';
