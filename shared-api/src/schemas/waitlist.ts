import { z } from 'zod';

export const WAITLIST_TIMEFRAMES = ['asap', 'next_week', 'next_month', 'dont_know'] as const;

export const waitlistRequest = z.object({
  fullName: z.string().trim().min(1),
  phone: z.string().trim().min(1),
  email: z.email(),
  timeframe: z.enum(WAITLIST_TIMEFRAMES),
  product: z.object({
    pid: z.union([z.string(), z.number()]),
    name: z.string().min(1),
    numberProductsRequired: z.number().int().positive(),
  }),
  volumeRequested: z.number().nonnegative(),
  procesoParam: z.string().nullable().optional(),
});
export type WaitlistRequest = z.infer<typeof waitlistRequest>;

export const waitlistResponse = z.object({ success: z.boolean() });
