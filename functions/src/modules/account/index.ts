/** The tenant's account: signing in without a password, and the session its functions check. */

export { maskedContact } from './contact';
export { invoiceTenancy, tenancyOverview, tenantInvoices } from './overview';
export { closeAccountSession, openAccountSession, requireTenant } from './session';
export { requestSignIn, SIGN_IN_NOT_VALID, verifySignIn } from './sign-in';
export { tenancySummaries } from './summary';
