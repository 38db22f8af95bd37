import type { abridorActions } from 'shared-api';
import type { ActionHandlers } from '../../router';
import { audit } from './audit';
import { pinPepper } from './pepper';
import { checkPin } from './pin-check';
import { hashPin, sha256 } from './secrets';
import { revokeSessions, sessionUser } from './sessions';

/** What a signed-in user does at the door: open it with the PIN, change the PIN. */
export const doorActions: ActionHandlers<Pick<typeof abridorActions, 'door_action' | 'change_pin'>> = {
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
};
