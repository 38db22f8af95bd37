import { z } from 'zod';

// Apart from the door's action contracts: the door tool reads a stored user when it starts, and
// importing this alone does not build every contract of the door's function.

export const doorUser = z.object({
  id: z.string(),
  usuario: z.string(),
  box: z.string().nullable(),
  /** The user named admin (spec: admin means usuario equals admin). */
  isAdmin: z.boolean(),
});
export type DoorUser = z.infer<typeof doorUser>;

/** A user as the admin lists them: a tenant's user (made at move-in) names its registration. */
export const listedDoorUser = doorUser.extend({ registrationCode: z.string().nullable() });
export type ListedDoorUser = z.infer<typeof listedDoorUser>;
