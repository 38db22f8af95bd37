import * as z from 'zod/mini';

// Apart from the door's action contracts: the door tool reads a stored user when it starts, and
// importing this alone does not build every contract of the door's function.

export const doorUser = z.object({
  id: z.string(),
  usuario: z.string(),
  box: z.nullable(z.string()),
  /** The user named admin (spec: admin means usuario equals admin). */
  isAdmin: z.boolean(),
  /**
   * The language the tool speaks to this user: a tenant's is the one they signed up in, anyone
   * else's Spanish (the spec's). Absent from a user stored by an older version: Spanish.
   */
  language: z._default(z.enum(['es', 'en']), 'es'),
  /** Signed in with a password someone else chose (the admin, a first start): they choose their own first. */
  mustChangePassword: z.optional(z.boolean()),
});
export type DoorUser = z.infer<typeof doorUser>;

/** A user as the admin lists them: a tenant's user (made at move-in) names its registration. */
export const listedDoorUser = z.extend(doorUser, { registrationCode: z.nullable(z.string()) });
export type ListedDoorUser = z.infer<typeof listedDoorUser>;
