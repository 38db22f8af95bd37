/** The sign-up module's public face: what other modules and the HTTP layer may use. */
export { holdsApplicantSession, requireApplicantSession } from './applicant-session';
export { updateClientField } from './client-data';
export {
  generateVerificationCode,
  RECOVERY_CODE_ALPHABET,
  sameHash,
} from './codes';
export { reviewDocument, reviewedDocuments } from './document-review';
export { reencodeImage } from './documents/image';
export type { PdfVerdict } from './documents/pdf';
export { inspectPdf } from './documents/pdf';
export type { DocumentKind } from './documents/sniff';
export { sniffDocument } from './documents/sniff';
export { checkExisting } from './existing';
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
