import * as z from 'zod/mini';
import { doorUser, listedDoorUser } from './door-user';

export const PIN_PATTERN = /^\d{4}$/;
export const DOOR_ACTIONS = ['ENTRADA', 'SALIDA'] as const;
export type DoorAction = (typeof DOOR_ACTIONS)[number];

const token = z.string({ error: 'Sesión inválida o expirada' }).check(z.minLength(1, 'Sesión inválida o expirada'));
const pin = z
  .string({ error: 'Debe ingresar un PIN de 4 dígitos' })
  .check(z.regex(PIN_PATTERN, 'Debe ingresar un PIN de 4 dígitos'));
const required = (message: string) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(100, 'Máximo 100 caracteres'));
const LOGIN_REQUIRED = 'Por favor ingrese usuario y contraseña';
const USER_REQUIRED = 'Usuario, PIN y contraseña son obligatorios';

export { type DoorUser, doorUser, type ListedDoorUser, listedDoorUser } from './door-user';

export const doorAuditEntry = z.object({
  id: z.string(),
  usuario: z.nullable(z.string()),
  action: z.string(),
  result: z.string(),
  ip: z.nullable(z.string()),
  createdAt: z.string(),
});
export type DoorAuditEntry = z.infer<typeof doorAuditEntry>;

/**
 * The answer of an action that checks the user's PIN (door_action, change_pin): one failure
 * counter and one lockout per user, whichever action checks it.
 */
const pinAnswer = z.object({
  success: z.boolean(),
  error: z.optional(z.string()),
  /** After a wrong PIN: tries left before the lockout. */
  attemptsLeft: z.optional(z.number().check(z.int(), z.gte(0))),
  /** While locked out: when PINs are checked again (ISO time). */
  lockedUntil: z.optional(z.string()),
});

/** abridor: one schema per action (§7 list). PINs and passwords never travel back to the browser. */
export const abridorActions = {
  login: {
    request: z.object({
      usuario: required(LOGIN_REQUIRED),
      contraseña: z.string({ error: LOGIN_REQUIRED }).check(z.minLength(1, LOGIN_REQUIRED)),
    }),
    response: z.object({ token: z.string(), user: doorUser }),
  },
  /** A session token, or a magic-link token: that one is used up and exchanged for a new session `token`. */
  validate_token: {
    request: z.object({ token }),
    response: z.object({ valid: z.boolean(), user: z.nullable(doorUser), token: z.optional(z.string()) }),
  },
  logout: {
    request: z.object({ token }),
    response: z.object({ success: z.literal(true) }),
  },
  door_action: {
    request: z.object({ token, pin, door_action: z.enum(DOOR_ACTIONS) }),
    response: z.extend(pinAnswer, { message: z.optional(z.string()) }),
  },
  /**
   * The current PIN counts toward the keypad's lockout and is answered the same way; a success
   * ends the user's other sessions. PINs need not be unique: no answer depends on another's PIN.
   */
  change_pin: {
    request: z.object({ token, currentPin: pin, newPin: pin }),
    response: pinAnswer,
  },
  /**
   * The user's own new password (the current one first): a password the admin set, or one
   * generated at the first start, must be changed this way before anything else opens.
   */
  change_password: {
    request: z.object({
      token,
      contraseñaActual: z
        .string({ error: 'Escriba su contraseña actual' })
        .check(z.minLength(1, 'Escriba su contraseña actual'), z.maxLength(200)),
      contraseñaNueva: z
        .string({ error: 'Escriba la contraseña nueva' })
        .check(z.minLength(1, 'Escriba la contraseña nueva'), z.maxLength(200)),
    }),
    response: z.object({ success: z.literal(true), user: doorUser }),
  },
  list_users: {
    request: z.object({ token }),
    response: z.object({ users: z.array(listedDoorUser) }),
  },
  add_user: {
    request: z.object({
      token,
      usuario: required(USER_REQUIRED),
      pin: z
        .string({ error: USER_REQUIRED })
        .check(z.minLength(1, USER_REQUIRED), z.regex(PIN_PATTERN, 'Debe ingresar un PIN de 4 dígitos')),
      contraseña: z.string({ error: USER_REQUIRED }).check(z.minLength(1, USER_REQUIRED)),
      box: z.nullable(z.optional(z.string().check(z.maxLength(50, 'Máximo 50 caracteres')))),
    }),
    response: z.object({ success: z.literal(true), user: doorUser }),
  },
  update_user: {
    request: z.object({
      token,
      userId: z.string().check(z.minLength(1)),
      usuario: required('El usuario es obligatorio'),
      /** Empty or absent: the PIN stays as it is. */
      pin: z.optional(z.union([z.literal(''), pin])),
      /** Empty or absent: the password stays as it is. */
      contraseña: z.optional(z.string().check(z.maxLength(200))),
      box: z.nullable(z.optional(z.string().check(z.maxLength(50, 'Máximo 50 caracteres')))),
    }),
    response: z.object({ success: z.literal(true), user: doorUser }),
  },
  delete_user: {
    request: z.object({ token, userId: z.string().check(z.minLength(1)) }),
    response: z.object({ success: z.literal(true) }),
  },
  /**
   * Ends the rental of a tenant's door user (admin): the units are free again, the user and its
   * sessions are gone, the rent stops.
   */
  end_rental: {
    /** The tenant's door user, or the registration code when the tenant has none (access withheld or removed). */
    request: z
      .object({
        token,
        userId: z.optional(z.string().check(z.minLength(1))),
        registrationCode: z.optional(z.string().check(z.regex(/^[A-Z0-9]{6}$/, 'Código de registro inválido'))),
      })
      .check(
        z.refine(
          (r) => Boolean(r.userId) !== Boolean(r.registrationCode),
          'Indique el usuario o el código de registro',
        ),
      ),
    response: z.object({ success: z.literal(true), freedUnits: z.array(z.string()) }),
  },
  generate_magic_token: {
    /** target_user: the user's id. */
    request: z.object({ token, target_user: z.string().check(z.minLength(1)) }),
    response: z.object({ success: z.boolean(), magic_token: z.optional(z.string()), error: z.optional(z.string()) }),
  },
  /** Beyond the seed: who came in and out, newest first (admin only). */
  list_audit: {
    /** `before`: the id of the oldest entry already shown, for the next page. */
    request: z.object({
      token,
      limit: z.optional(z.number().check(z.int(), z.gte(1), z.lte(200))),
      before: z.optional(z.string().check(z.regex(/^\d{1,18}$/))),
    }),
    response: z.object({ entries: z.array(doorAuditEntry), hasMore: z.boolean() }),
  },
} as const;

export type AbridorAction = keyof typeof abridorActions;
export const abridorEnvelope = z.object({
  action: z.enum(Object.keys(abridorActions) as [AbridorAction, ...AbridorAction[]]),
});
