import type { abridorActions } from 'shared-api';
import { HttpError } from '../../http-error';
import type { ActionHandlers } from '../../router';
import { assertStrongDoorPassword } from './admin';
import { audit } from './audit';
import { pinPepper } from './pepper';
import { checkPin } from './pin-check';
import { hashPassword, hashPin, sha256, verifyPassword } from './secrets';
import { revokeSessions, sessionUser, toDoorUser } from './sessions';

const WRONG_CURRENT_PASSWORD = 'La contraseña actual no es correcta';
const SAME_PASSWORD = 'La contraseña nueva debe ser distinta de la actual';

/** What a signed-in user does at the door: open it with the PIN, change the PIN or the password. */
export const doorActions: ActionHandlers<
  Pick<typeof abridorActions, 'door_action' | 'change_pin' | 'change_password'>
> = {
  async door_action({ token, pin, door_action }, ctx, meta) {
    const user = await sessionUser(ctx, token);
    const refused = await checkPin(ctx, user, pin, meta, {
      action: door_action,
      wrongPin: 'PIN inválido',
      rehash: true,
    });
    if (refused) return refused;
    const who = { userId: user.id, usuario: user.usuario, action: door_action };
    try {
      await ctx.doorRelay.pulse(door_action, user.id);
    } catch (error) {
      ctx.log.error({ err: error }, 'door relay failed');
      await audit(ctx.db, { ...who, result: 'relay_failed' }, meta);
      return { success: false, error: 'Error al procesar la acción' };
    }
    await audit(ctx.db, { ...who, result: 'ok' }, meta);
    return { success: true, message: `Acceso Autorizado: ${door_action}` };
  },

  /** The current PIN is checked like the keypad's (same lockout); other sessions end. */
  async change_pin({ token, currentPin, newPin }, ctx, meta) {
    const user = await sessionUser(ctx, token);
    const refused = await checkPin(ctx, user, currentPin, meta, {
      action: 'change_pin',
      wrongPin: 'El PIN actual no es correcto',
      rehash: false,
    });
    if (refused) return refused;
    const newHash = await hashPin(newPin, await pinPepper(ctx.config), ctx.config.DOOR_HASH_COST_LOG2);
    await ctx.db.transaction(async (tx) => {
      await tx.query('update door_users set pin_hash = $2, updated_at = now() where id = $1', [user.id, newHash]);
      await revokeSessions(tx, user.id, sha256(token));
      await audit(tx, { userId: user.id, usuario: user.usuario, action: 'change_pin', result: 'ok' }, meta);
    });
    return { success: true };
  },

  /**
   * The user's own password, the current one first: the way out of a password someone else chose
   * (the admin's, a generated one). Other sessions end; this one goes on.
   */
  async change_password({ token, contraseñaActual, contraseñaNueva }, ctx, meta) {
    const user = await sessionUser(ctx, token, { passwordChange: true });
    if (!(await verifyPassword(contraseñaActual, user.password_hash))) {
      await audit(
        ctx.db,
        { userId: user.id, usuario: user.usuario, action: 'change_password', result: 'failed' },
        meta,
      );
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
    const hash = await hashPassword(contraseñaNueva, ctx.config.DOOR_HASH_COST_LOG2);
    await ctx.db.transaction(async (tx) => {
      await tx.query(
        'update door_users set password_hash = $2, password_change_required = false, updated_at = now() where id = $1',
        [user.id, hash],
      );
      await revokeSessions(tx, user.id, sha256(token));
      await audit(tx, { userId: user.id, usuario: user.usuario, action: 'change_password', result: 'ok' }, meta);
    });
    return { success: true as const, user: toDoorUser({ ...user, password_change_required: false }) };
  },
};
