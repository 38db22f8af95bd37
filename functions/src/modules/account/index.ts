/** The tenant's account: signing in without a password, the session its functions check, their contact details. */

export { auditTenant } from './audit';
export { maskedContact } from './contact';
export { confirmContactChange, requestContactChange } from './contact-change';
export { confirmErasure, erasureJobs, requestErasure } from './erasure';
export { invoiceTenancy, tenancyOverview, tenantInvoices } from './overview';
export { personalData } from './personal-data';
export { assertRentAgainAllowed } from './rent-again';
export { closeAccountSession, openAccountSession, requireTenant } from './session';
export { requestSignIn, SIGN_IN_NOT_VALID, verifySignIn } from './sign-in';
export { tenancySummaries, tenantContacts } from './summary';
