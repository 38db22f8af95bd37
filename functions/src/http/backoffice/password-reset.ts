import type { backofficeActions } from 'shared-api/backoffice';
import {
  checkPasswordReset,
  requestPasswordReset,
  requireStaff,
  resetPassword,
  resetSecondFactor,
  sendPasswordReset,
} from '../../modules/staff';
import type { ActionHandlers } from '../router';

type ResetActions = Pick<
  typeof backofficeActions,
  'request_password_reset' | 'check_password_reset' | 'reset_password' | 'send_password_reset' | 'reset_second_factor'
>;

/** Forgotten passwords and lost second factors, without the environment's way back. */
export const passwordResetActions: ActionHandlers<ResetActions> = {
  request_password_reset: (input, ctx, meta) => requestPasswordReset(ctx, input, meta.ip),
  check_password_reset: ({ token }, ctx) => checkPasswordReset(ctx, token),
  reset_password: (input, ctx, meta) => resetPassword(ctx, input, meta.ip),
  async send_password_reset(input, ctx, meta) {
    return sendPasswordReset(ctx, await requireStaff(ctx.db, meta, { role: 'manager' }), input);
  },
  async reset_second_factor(input, ctx, meta) {
    return resetSecondFactor(ctx, await requireStaff(ctx.db, meta, { role: 'manager' }), input);
  },
};
