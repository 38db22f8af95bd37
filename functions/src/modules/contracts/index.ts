/** The contracts module's public face: what other modules and the HTTP layer may use. */

export { countersign } from './countersign';
export { contractDocument } from './document';
export { signingEmail } from './messages';
export { contractStatus, settleContract } from './records';
