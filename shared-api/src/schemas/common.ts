import { z } from 'zod';

/** Every error of every function: a JSON body with one message, with a 4xx/5xx status. */
export const errorResponse = z.object({ error: z.string() });
export type ErrorResponse = z.infer<typeof errorResponse>;

export const registrationId = z
  .string()
  .trim()
  .min(1, 'Registration ID not found')
  .max(64, 'Registration ID not found');
export const registrationIdBody = z.object({ registrationId });
