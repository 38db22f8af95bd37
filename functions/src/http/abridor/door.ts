import type { abridorActions } from 'shared-api';
import { changeDoorPassword, changeDoorPin, openDoor, sessionUser } from '../../modules/door';
import type { ActionHandlers } from '../router';

/** What a signed-in user does at the door: open it with the PIN, change the PIN or the password. */
export const doorActions: ActionHandlers<
  Pick<typeof abridorActions, 'door_action' | 'change_pin' | 'change_password'>
> = {
  async door_action({ token, ...input }, ctx, meta) {
    return openDoor(ctx, await sessionUser(ctx, token), input, meta);
  },

  async change_pin({ token, ...input }, ctx, meta) {
    return changeDoorPin(ctx, await sessionUser(ctx, token), token, input, meta);
  },

  async change_password({ token, ...input }, ctx, meta) {
    return changeDoorPassword(ctx, await sessionUser(ctx, token, { passwordChange: true }), token, input, meta);
  },
};
