// zod/mini: the sign-up's first screen carries these; the classic build alone was 27 KB gzip.
import * as z from 'zod/mini';

export { CONTACT_PHONE, MAX_UNITS_REQUIRED, MAX_VOLUME_M3 } from '../constants';

/**
 * Every error of every function: a JSON body with one message, with a 4xx/5xx status; a
 * refusal (409) also names its `code` (see refusals.ts). Unknown codes are kept, not rejected:
 * a newer server may know more reasons than this page.
 */
export const errorResponse = z.object({ error: z.string(), code: z.optional(z.string()) });
export type ErrorResponse = z.infer<typeof errorResponse>;

/** Normalised once here: an upper-case copy of an id must not find or write another folder. */
export const registrationId = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Registration ID not found'),
    z.maxLength(64, 'Registration ID not found'),
    z.toLowerCase(),
  );
export const registrationIdBody = z.object({ registrationId });
