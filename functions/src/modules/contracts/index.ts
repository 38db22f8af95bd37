/** The contracts module's public face: what other modules and the HTTP layer may use. */

export { autoCountersign, saveAutoCountersign } from './company-signature';
export { countersign } from './countersign';
export { createContract } from './create';
export { contractJobs, signedContractOf } from './delivery';
export type { Signer, SigningProblem } from './local-signing';
export { awaitingSigner, decideSigning, openSigning } from './local-signing';
export { dropMandateChange, pendingMandateChange, requestMandateChange } from './mandate-change';
export { contractStatus, recordProviderSignature, settleContract } from './records';
