import type { DoorAction } from 'shared-api';
import type { FunctionContext } from '../../context';
import { sql } from '../../platform/db/sql';
import { HttpError } from '../../platform/http-error';
import type { RequestMeta } from '../../platform/request-meta';
import { hashSlots } from '../../platform/security/hash-slots';
import { pinPepper } from '../../platform/security/pepper';
import { hashPassword, hashPin, sha256, verifyPassword } from '../../platform/security/secrets';
import { audit, recentFailures } from './audit';
import { checkPin } from './pin-check';
import { pinHashCost } from './pin-cost';
import { revokeSessions, toDoorUser, type UserRow } from './sessions';
import { ACCESS_SUSPENDED, accessSuspended } from './suspension';
import { assertStrongDoorPassword } from './users';

const WRONG_CURRENT_PASSWORD = 'La contraseña actual no es correcta';
const SAME_PASSWORD = 'La contraseña nueva debe ser distinta de la actual';
/** Wrong current passwords a session may give in 15 minutes before it is ended. */
const WRONG_PASSWORD_TRIES = 5;

/** The PIN opens the door (entry or exit), through the relay; a wrong one counts toward the lockout. */
export async function openDoor(
  ctx: FunctionContext,
  user: UserRow,
  { pin, door_action }: { pin: string; door_action: DoorAction },
  meta: RequestMeta,
) {
  const refused = await checkPin(ctx, user, pin, meta, {
    action: door_action,
    wrongPin: 'PIN inválido',
    rehash: true,
  });
  if (refused) return refused;
  const who = { userId: user.id, usuario: user.usuario, action: door_action };
  // Asked after the PIN: a stranger guessing PINs learns nothing about the tenancy.
  if (await accessSuspended(ctx.db, user.id)) {
    await audit(ctx.db, { ...who, result: 'suspended' }, meta);
    return { success: false, error: ACCESS_SUSPENDED };
  }
  try {
    await ctx.doorRelay.pulse(door_action, user.id);
  } catch (error) {
    ctx.log.error({ err: error }, 'door relay failed');
    await audit(ctx.db, { ...who, result: 'relay_failed' }, meta);
    return { success: false, error: 'Error al procesar la acción' };
  }
  await audit(ctx.db, { ...who, result: 'ok' }, meta);
  return { success: true, message: `Acceso Autorizado: ${door_action}` };
}

/** The current PIN is checked like the keypad's (same lockout); other sessions end. */
export async function changeDoorPin(
  ctx: FunctionContext,
  user: UserRow,
  token: string,
  { currentPin, newPin }: { currentPin: string; newPin: string },
  meta: RequestMeta,
) {
  const refused = await checkPin(ctx, user, currentPin, meta, {
    action: 'change_pin',
    wrongPin: 'El PIN actual no es correcto',
    rehash: false,
  });
  if (refused) return refused;
  const newHash = await hashPin(newPin, await pinPepper(ctx.config), pinHashCost(ctx.config));
  await ctx.db.transaction(async (tx) => {
    await tx.query(sql`update door_users set pin_hash = ${newHash}, updated_at = now() where id = ${user.id}`);
    await revokeSessions(tx, user.id, sha256(token));
    await audit(tx, { userId: user.id, usuario: user.usuario, action: 'change_pin', result: 'ok' }, meta);
  });
  return { success: true };
}

/**
 * The user's own password, the current one first: the way out of a password someone else chose
 * (the admin's, a generated one). Other sessions end; this one goes on.
 */
export async function changeDoorPassword(
  ctx: FunctionContext,
  user: UserRow,
  token: string,
  { contraseñaActual, contraseñaNueva }: { contraseñaActual: string; contraseñaNueva: string },
  meta: RequestMeta,
) {
  // A session guessing the current password: a few tries in 15 minutes, then this session ends.
  const tries = await recentFailures(ctx.db, {
    userId: user.id,
    action: 'change_password',
    results: ['failed'],
    minutes: 15,
  });
  if (tries >= WRONG_PASSWORD_TRIES) {
    await revokeSessions(ctx.db, user.id, null);
    throw new HttpError(401, 'Sesión inválida o expirada');
  }
  // Hashing waits its turn in the slots like every other (a signed-in user's line).
  const right = await hashSlots.run('signed-in', () => verifyPassword(contraseñaActual, user.password_hash));
  if (!right) {
    await audit(ctx.db, { userId: user.id, usuario: user.usuario, action: 'change_password', result: 'failed' }, meta);
    throw new HttpError(400, WRONG_CURRENT_PASSWORD, { contraseñaActual: WRONG_CURRENT_PASSWORD });
  }
  try {
    assertStrongDoorPassword(contraseñaNueva, user.usuario, ctx.config.BUSINESS_NAME);
  } catch (error) {
    // The field of this form is `contraseñaNueva`.
    if (error instanceof HttpError) throw new HttpError(400, error.message, { contraseñaNueva: error.message });
    throw error;
  }
  if (contraseñaNueva === contraseñaActual) {
    throw new HttpError(400, SAME_PASSWORD, { contraseñaNueva: SAME_PASSWORD });
  }
  const hash = await hashSlots.run('signed-in', () => hashPassword(contraseñaNueva, ctx.config.DOOR_HASH_COST_LOG2));
  await ctx.db.transaction(async (tx) => {
    await tx.query(
      sql`update door_users set password_hash = ${hash}, password_change_required = false, updated_at = now() where id = ${user.id}`,
    );
    await revokeSessions(tx, user.id, sha256(token));
    await audit(tx, { userId: user.id, usuario: user.usuario, action: 'change_password', result: 'ok' }, meta);
  });
  return { success: true as const, user: toDoorUser({ ...user, password_change_required: false }) };
}
