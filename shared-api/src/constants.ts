// Plain constants, apart from the schemas: a page that only needs a limit or a parameter's name
// does not build zod for it (a module with schemas is kept whole once any of it is imported).

/** More than anyone stores (the largest unit is 50 m³; a calculator list rarely passes 100). */
export const MAX_VOLUME_M3 = 10_000;
/** Units of one product a request may ask for. */
export const MAX_UNITS_REQUIRED = 100;

/** A contact phone as people type it (the waitlist, a visit): digits with spaces, dots, dashes, brackets. */
export const CONTACT_PHONE = /^\+?[\d\s().-]{6,20}$/;

/** Calculator → sign-up: the query parameter of the chosen option (see schemas/handoff.ts). */
export const HANDOFF_PARAM = 'productos';
/** The sign-up a visitor came from, carried through the calculator and back. */
export const PROCESO_PARAM = 'proceso';

/**
 * A deposit payment not confirmed within this time is cancelled: its held units go back on sale
 * and the applicant may pay again. Long enough for a bank's 3-D Secure check, short enough that
 * an abandoned checkout does not keep the last unit from others for long.
 */
export const PAYMENT_EXPIRY_MINUTES = 30;

/** Notice either party gives before a rental ends (the contract's clause 6): the earliest move-out. */
export const NOTICE_DAYS = 15;
