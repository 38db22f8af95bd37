/** The sign-up module's public face: what other modules and the HTTP layer may use. */
export { holdsApplicantSession, openApplicantSession, requireApplicantSession } from './applicant-session';
export {
  generateRecoveryCode,
  generateVerificationCode,
  RECOVERY_CODE_ALPHABET,
  RESEND_COOLDOWN_SECONDS,
  sameHash,
} from './codes';
export { reencodeImage } from './documents/image';
export type { PdfVerdict } from './documents/pdf';
export { inspectPdf } from './documents/pdf';
export type { DocumentKind } from './documents/sniff';
export { sniffDocument } from './documents/sniff';
export type { RegistrationMetadata, RegistrationRow } from './records';
export {
  CLIENT_COLUMNS,
  COLUMN_OF,
  clientColumnValues,
  documentTypesOf,
  findRegistration,
  isUuid,
  REGISTRATION_NOT_FOUND,
  readMetadata,
  requireOpenRegistration,
  requireRegistration,
  toClientData,
  toRecord,
  touchRegistration,
} from './records';
export { challengeRecovery, settleRecovery, WRONG_RECOVERY_CODE } from './recovery';
export { findProduct, firstOfferedPeriod, isOffered, pricedChoice, unavailability, unitsFor } from './service-choice';
export type { Channel } from './verification';
export { issueCode, pendingCode, secondsUntilResend, settleCode } from './verification';
