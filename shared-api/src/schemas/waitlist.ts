import { z } from 'zod';
import { MAX_UNITS_REQUIRED, MAX_VOLUME_M3 } from './common';

export const WAITLIST_TIMEFRAMES = ['asap', 'next_week', 'next_month', 'dont_know'] as const;

export const waitlistRequest = z.object({
  fullName: z.string({ error: 'Full name is required' }).trim().min(1, 'Full name is required').max(200),
  phone: z
    .string({ error: 'Phone is required' })
    .trim()
    .min(1, 'Phone is required')
    .regex(/^\+?[\d\s().-]{6,20}$/, 'Invalid phone'),
  email: z.email({ error: 'Invalid email' }).max(254),
  timeframe: z.enum(WAITLIST_TIMEFRAMES, { error: 'Timeframe is required' }),
  product: z.object(
    {
      pid: z.union([z.string().min(1), z.number()]),
      name: z.string().min(1).max(200),
      numberProductsRequired: z.number().int().positive().max(MAX_UNITS_REQUIRED),
    },
    { error: 'Product is required' },
  ),
  volumeRequested: z.number({ error: 'Volume is required' }).nonnegative().max(MAX_VOLUME_M3, 'Volume is too large'),
  procesoParam: z.string().max(100).nullable().optional(),
});
export type WaitlistRequest = z.infer<typeof waitlistRequest>;

export const waitlistResponse = z.object({ success: z.boolean() });
