import { z } from 'zod';

export const PIN_PATTERN = /^\d{4}$/;
export const DOOR_ACTIONS = ['ENTRADA', 'SALIDA'] as const;

const token = z.string().min(1);
const pin = z.string().regex(PIN_PATTERN, 'Debe ingresar un PIN de 4 dígitos');

export const doorUser = z.object({
  id: z.string(),
  usuario: z.string(),
  box: z.string().nullable(),
});
export type DoorUser = z.infer<typeof doorUser>;

/** abridor: one schema per action (§7 list). PINs and passwords never travel back to the browser. */
export const abridorActions = {
  login: {
    request: z.object({ usuario: z.string().trim().min(1), contraseña: z.string().min(1) }),
    response: z.object({ token: z.string(), user: doorUser }),
  },
  validate_token: {
    request: z.object({ token }),
    response: z.object({ valid: z.boolean(), user: doorUser.nullable() }),
  },
  logout: {
    request: z.object({ token }),
    response: z.object({ success: z.literal(true) }),
  },
  door_action: {
    request: z.object({ token, pin, door_action: z.enum(DOOR_ACTIONS) }),
    response: z.object({ success: z.boolean(), error: z.string().optional(), message: z.string().optional() }),
  },
  change_pin: {
    request: z.object({ token, currentPin: pin, newPin: pin }),
    response: z.object({ success: z.literal(true) }),
  },
  list_users: {
    request: z.object({ token }),
    response: z.object({ users: z.array(doorUser) }),
  },
  add_user: {
    request: z.object({
      token,
      usuario: z.string().trim().min(1),
      pin,
      contraseña: z.string().min(1),
      box: z.string().optional().nullable(),
    }),
    response: z.object({ success: z.literal(true), user: doorUser }),
  },
  update_user: {
    request: z.object({
      token,
      userId: z.string().min(1),
      usuario: z.string().trim().min(1),
      pin: pin.optional(),
      contraseña: z.string().optional(),
      box: z.string().optional().nullable(),
    }),
    response: z.object({ success: z.literal(true), user: doorUser }),
  },
  delete_user: {
    request: z.object({ token, userId: z.string().min(1) }),
    response: z.object({ success: z.literal(true) }),
  },
  generate_magic_token: {
    request: z.object({ token, target_user: z.string().min(1) }),
    response: z.object({ success: z.boolean(), magic_token: z.string().optional(), error: z.string().optional() }),
  },
} as const;

export type AbridorAction = keyof typeof abridorActions;
export const abridorEnvelope = z.object({
  action: z.enum(Object.keys(abridorActions) as [AbridorAction, ...AbridorAction[]]),
});
