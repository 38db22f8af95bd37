import type { abridorActions } from 'shared-api';
import { doorLogIn, doorLogOut, validateDoorToken } from '../../modules/door';
import type { ActionHandlers } from '../router';

/** Signing in and out: a password (throttled), a session token, or a magic link used once. */
export const authActions: ActionHandlers<Pick<typeof abridorActions, 'login' | 'validate_token' | 'logout'>> = {
  login: (input, ctx, meta) => doorLogIn(ctx, input, meta),
  validate_token: ({ token }, ctx, meta) => validateDoorToken(ctx, token, meta),
  logout: ({ token }, ctx) => doorLogOut(ctx, token),
};
