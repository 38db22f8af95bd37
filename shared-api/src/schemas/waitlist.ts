import { z } from 'zod';
import { CONTACT_PHONE, MAX_UNITS_REQUIRED, MAX_VOLUME_M3 } from './common';

export const WAITLIST_TIMEFRAMES = ['asap', 'next_week', 'next_month', 'dont_know'] as const;

export const waitlistRequest = z.object({
  fullName: z.string({ error: 'Full name is required' }).trim().min(1, 'Full name is required').max(200),
  phone: z
    .string({ error: 'Phone is required' })
    .trim()
    .min(1, 'Phone is required')
    .regex(CONTACT_PHONE, 'Invalid phone'),
  email: z.email({ error: 'Invalid email' }).max(254),
  timeframe: z.enum(WAITLIST_TIMEFRAMES, { error: 'Timeframe is required' }),
  product: z.object(
    {
      /** The catalogue's numeric id, as a string or a number: anything else is refused, never stored. */
      pid: z.union([
        z
          .string()
          .trim()
          .regex(/^\d{1,9}$/, 'Invalid product'),
        z.number().int('Invalid product').positive('Invalid product').max(999_999_999, 'Invalid product'),
      ]),
      name: z.string().min(1).max(200),
      numberProductsRequired: z.number().int().positive().max(MAX_UNITS_REQUIRED),
    },
    { error: 'Product is required' },
  ),
  volumeRequested: z.number({ error: 'Volume is required' }).nonnegative().max(MAX_VOLUME_M3, 'Volume is too large'),
  procesoParam: z.string().max(100).nullable().optional(),
  /** The page's language: the applicant's e-mails and SMS are in it. Spanish when absent. */
  language: z.enum(['es', 'en']).optional(),
});
export type WaitlistRequest = z.infer<typeof waitlistRequest>;

export const waitlistResponse = z.object({ success: z.boolean() });

/** A waitlist entry's private link token (URL-safe base64 of 32 bytes). */
const privateToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Invalid link');

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
  position: z.number().int().positive().nullable(),
  productId: z.string(),
  productName: z.string(),
  unitsRequired: z.number().int().positive(),
  volumeRequested: z.number().nonnegative(),
  timeframe: z.enum(WAITLIST_TIMEFRAMES),
  joinedAt: z.string(),
  /** While unconfirmed: until when (ISO) the confirmation is accepted. */
  confirmBy: z.string().optional(),
  /** Held units and until when (ISO), while an offer is open or taken. */
  offer: z
    .object({ status: z.enum(['open', 'accepted']), unitNumbers: z.array(z.string()), expiresAt: z.string() })
    .nullable(),
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
    unitsRequired: z.number().int().positive(),
    volumeRequested: z.number().nonnegative(),
  }),
  expiresAt: z.string(),
});
