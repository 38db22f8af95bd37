// zod/mini (see common.ts).
import * as z from 'zod/mini';
import { HANDOFF_PARAM, MAX_UNITS_REQUIRED, MAX_VOLUME_M3, PROCESO_PARAM } from '../constants';

export { HANDOFF_PARAM, PROCESO_PARAM } from '../constants';

/**
 * Calculator → sign-up: the chosen option travels as the `productos` query parameter,
 * URL-encoded JSON of this payload (spec, document 1 §3 and document 2 §2).
 */
export const signupHandoff = z.object({
  productId: z.string().check(z.minLength(1)),
  productName: z.string().check(z.minLength(1)),
  unitsRequired: z.number().check(z.int(), z.positive(), z.lte(MAX_UNITS_REQUIRED)),
  volumeRequested: z.number().check(z.nonnegative(), z.lte(MAX_VOLUME_M3)),
});
export type SignupHandoff = z.infer<typeof signupHandoff>;

/** The query string of the sign-up entry: `productos` and, when the visitor came from a sign-up, `proceso`. */
export function handoffQuery(handoff: SignupHandoff, proceso?: string | null): string {
  const params = new URLSearchParams({ [HANDOFF_PARAM]: JSON.stringify(signupHandoff.parse(handoff)) });
  if (proceso) params.set(PROCESO_PARAM, proceso);
  return `?${params}`;
}

/**
 * What a sign-up link may carry: the spec only promises a productId (links from elsewhere
 * send `{"productId":204}`), so each other field is kept when valid and dropped otherwise.
 */
export type ReceivedHandoff = { productId: string } & Partial<Omit<SignupHandoff, 'productId'>>;

const receivedProductId = z.pipe(
  z.union([z.string().check(z.trim(), z.minLength(1)), z.number().check(z.int(), z.nonnegative())]),
  z.transform(String),
);
const optional = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);
const receivedHandoff = z.object({
  productId: receivedProductId,
  productName: optional(signupHandoff.shape.productName),
  unitsRequired: optional(signupHandoff.shape.unitsRequired),
  volumeRequested: optional(signupHandoff.shape.volumeRequested.check(z.positive())),
});

/** Reads `productos`, the one parser of both ends; anything without a productId is null, never an exception. */
export function readHandoff(search: string | URLSearchParams): ReceivedHandoff | null {
  const raw = new URLSearchParams(search).get(HANDOFF_PARAM);
  if (!raw) return null;
  try {
    const parsed = receivedHandoff.safeParse(JSON.parse(raw));
    if (!parsed.success) return null;
    const { productId, ...rest } = parsed.data;
    const present = Object.entries(rest).filter(([, value]) => value !== undefined);
    return { productId, ...Object.fromEntries(present) };
  } catch {
    return null;
  }
}
