import { z } from 'zod';

/** More than anyone stores (the largest unit is 50 m³; a calculator list rarely passes 100). */
export const MAX_VOLUME_M3 = 10_000;
/** Units of one product a request may ask for. */
export const MAX_UNITS_REQUIRED = 100;

/**
 * Every error of every function: a JSON body with one message, with a 4xx/5xx status; a
 * refusal (409) also names its `code` (see refusals.ts). Unknown codes are kept, not rejected:
 * a newer server may know more reasons than this page.
 */
export const errorResponse = z.object({ error: z.string(), code: z.string().optional() });
export type ErrorResponse = z.infer<typeof errorResponse>;

/** A contact phone as people type it (the waitlist, a visit): digits with spaces, dots, dashes, brackets. */
export const CONTACT_PHONE = /^\+?[\d\s().-]{6,20}$/;

/** Normalised once here: an upper-case copy of an id must not find or write another folder. */
export const registrationId = z
  .string()
  .trim()
  .min(1, 'Registration ID not found')
  .max(64, 'Registration ID not found')
  .toLowerCase();
export const registrationIdBody = z.object({ registrationId });
