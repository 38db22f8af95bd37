/** The notifications module's public face: what other modules and the HTTP layer may use. */

export { claimMessage, mayMessage } from './recipient-budget';
