import * as z from 'zod/mini';
import { CONTACT_PHONE, MAX_UNITS_REQUIRED, MAX_VOLUME_M3 } from './common';

export const WAITLIST_TIMEFRAMES = ['asap', 'next_week', 'next_month', 'dont_know'] as const;

export const waitlistRequest = z.object({
  fullName: z
    .string({ error: 'Full name is required' })
    .check(z.trim(), z.minLength(1, 'Full name is required'), z.maxLength(200)),
  phone: z
    .string({ error: 'Phone is required' })
    .check(z.trim(), z.minLength(1, 'Phone is required'), z.regex(CONTACT_PHONE, 'Invalid phone')),
  email: z.email({ error: 'Invalid email' }).check(z.maxLength(254)),
  timeframe: z.enum(WAITLIST_TIMEFRAMES, { error: 'Timeframe is required' }),
  product: z.object(
    {
      /** The catalogue's numeric id, as a string or a number: anything else is refused, never stored. */
      pid: z.union([
        z.string().check(z.trim(), z.regex(/^\d{1,9}$/, 'Invalid product')),
        z
          .number()
          .check(z.int('Invalid product'), z.positive('Invalid product'), z.lte(999_999_999, 'Invalid product')),
      ]),
      name: z.string().check(z.minLength(1), z.maxLength(200)),
      numberProductsRequired: z.number().check(z.int(), z.positive(), z.lte(MAX_UNITS_REQUIRED)),
    },
    { error: 'Product is required' },
  ),
  volumeRequested: z
    .number({ error: 'Volume is required' })
    .check(z.nonnegative(), z.lte(MAX_VOLUME_M3, 'Volume is too large')),
  procesoParam: z.optional(z.nullable(z.string().check(z.maxLength(100)))),
  /** The page's language: the applicant's e-mails and SMS are in it. Spanish when absent. */
  language: z.optional(z.enum(['es', 'en'])),
});
export type WaitlistRequest = z.infer<typeof waitlistRequest>;

export const waitlistResponse = z.object({ success: z.boolean() });

/** A waitlist entry's private link token (URL-safe base64 of 32 bytes). */
const privateToken = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'Invalid link'));

/**
 * `unconfirmed`: joined, waiting for the confirmation from its e-mail (not in line yet);
 * `lapsed`: never confirmed in time.
 */
export const WAITLIST_ENTRY_STATUSES = [
  'unconfirmed',
  'waiting',
  'offered',
  'accepted',
  'offer_expired',
  'left',
  'lapsed',
] as const;

export const waitlistEntryRequest = z.object({ token: privateToken });
/** What the private page shows: the place in line, what was asked for, a live offer. */
export const waitlistEntryResponse = z.object({
  status: z.enum(WAITLIST_ENTRY_STATUSES),
  /** 1 for the first in line; null once out of the line. */
  position: z.nullable(z.number().check(z.int(), z.positive())),
  productId: z.string(),
  productName: z.string(),
  unitsRequired: z.number().check(z.int(), z.positive()),
  volumeRequested: z.number().check(z.nonnegative()),
  timeframe: z.enum(WAITLIST_TIMEFRAMES),
  joinedAt: z.string(),
  /** While unconfirmed: until when (ISO) the confirmation is accepted. */
  confirmBy: z.optional(z.string()),
  /** Held units and until when (ISO), while an offer is open or taken. */
  offer: z.nullable(
    z.object({ status: z.enum(['open', 'accepted']), unitNumbers: z.array(z.string()), expiresAt: z.string() }),
  ),
});
export type WaitlistEntry = z.infer<typeof waitlistEntryResponse>;

/** The entry's e-mail confirms it (its private link is in that e-mail alone): it enters the line. */
export const confirmWaitlistEntryRequest = z.object({ token: privateToken });

export const leaveWaitlistRequest = z.object({ token: privateToken });
export const leaveWaitlistResponse = z.object({ success: z.literal(true) });

export const acceptWaitlistOfferRequest = z.object({ token: privateToken });
/** The sign-up starts with the offered product (the calculator's hand-off). */
export const acceptWaitlistOfferResponse = z.object({
  success: z.literal(true),
  handoff: z.object({
    productId: z.string(),
    productName: z.string(),
    unitsRequired: z.number().check(z.int(), z.positive()),
    volumeRequested: z.number().check(z.nonnegative()),
  }),
  expiresAt: z.string(),
});
