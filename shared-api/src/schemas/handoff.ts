import { z } from 'zod';
import { MAX_UNITS_REQUIRED, MAX_VOLUME_M3 } from './common';

/**
 * Calculator → sign-up: the chosen option travels as the `productos` query parameter,
 * URL-encoded JSON of this payload (spec, document 1 §3 and document 2 §2).
 */
export const signupHandoff = z.object({
  productId: z.string().min(1),
  productName: z.string().min(1),
  unitsRequired: z.number().int().positive().max(MAX_UNITS_REQUIRED),
  volumeRequested: z.number().nonnegative().max(MAX_VOLUME_M3),
});
export type SignupHandoff = z.infer<typeof signupHandoff>;

export const HANDOFF_PARAM = 'productos';
export const PROCESO_PARAM = 'proceso';

/** The query string of the sign-up entry: `productos` and, when the visitor came from a sign-up, `proceso`. */
export function handoffQuery(handoff: SignupHandoff, proceso?: string | null): string {
  const params = new URLSearchParams({ [HANDOFF_PARAM]: JSON.stringify(signupHandoff.parse(handoff)) });
  if (proceso) params.set(PROCESO_PARAM, proceso);
  return `?${params}`;
}

/** Reads `productos`; anything that is not a valid payload is null, never an exception. */
export function readHandoff(search: string | URLSearchParams): SignupHandoff | null {
  const raw = new URLSearchParams(search).get(HANDOFF_PARAM);
  if (!raw) return null;
  try {
    const parsed = signupHandoff.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
