/**
 * The tenancies module's public face: the staff's read of each tenancy across the other modules
 * (the registration, its documents, payments, contract and units; the lists, the export, Today).
 * Nothing but the HTTP layer uses it, so it may read every capability.
 */
export { registrationDetail } from './detail';
export { listRegistrations } from './registrations';
export { todayAtTheDesk } from './today';
