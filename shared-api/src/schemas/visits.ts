import * as z from 'zod/mini';
import { CONTACT_PHONE } from './common';

/** Visits to the facility are booked on its clock, whoever books. */
export const VISIT_TIME_ZONE = 'Europe/Madrid' as const;
export const VISIT_LANGUAGES = ['es', 'en'] as const;

export const visitSlot = z.object({
  /** The slot's start (ISO, UTC). */
  startsAt: z.string(),
  /** Its start on the facility's clock, `HH:MM`. */
  time: z.string(),
  /** Places left (the slot's capacity less its bookings). */
  available: z.number().check(z.int(), z.positive()),
});
export type VisitSlot = z.infer<typeof visitSlot>;

export const visitSlotsRequest = z.object({});
/** The bookable days from today on (facility's dates, `YYYY-MM-DD`), each with its free slots. */
export const visitSlotsResponse = z.object({
  timeZone: z.literal(VISIT_TIME_ZONE),
  slotMinutes: z.number().check(z.int(), z.positive()),
  days: z.array(z.object({ date: z.string(), slots: z.array(visitSlot) })),
});
export type VisitSlotsResponse = z.infer<typeof visitSlotsResponse>;

const required = (message: string) => z.string({ error: message }).check(z.trim(), z.minLength(1, message));

export const bookVisitRequest = z.object({
  startsAt: z.iso.datetime({ error: 'Choose a time', offset: true }),
  fullName: required('Full name is required').check(z.maxLength(200)),
  phone: required('Phone is required').check(z.regex(CONTACT_PHONE, 'Invalid phone')),
  email: z.email({ error: 'Invalid email' }).check(z.maxLength(254)),
  language: z.enum(VISIT_LANGUAGES),
  privacyAccepted: z.literal(true, 'Accept the privacy policy'),
});
export type BookVisitRequest = z.infer<typeof bookVisitRequest>;
/** The place is held (`pending`) until `holdUntil`; the code e-mailed to the visitor confirms it. */
export const bookVisitResponse = z.object({
  visitId: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.literal('pending'),
  holdUntil: z.string(),
});

export const confirmVisitRequest = z.object({
  visitId: z.uuid({ error: 'Invalid visit' }),
  code: z.string({ error: 'Enter the code' }).check(z.trim(), z.regex(/^\d{6}$/, 'Enter the 6-digit code')),
});
export const confirmVisitResponse = z.object({ status: z.literal('booked') });
