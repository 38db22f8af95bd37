import type { backofficeActions } from 'shared-api/backoffice';
import { STAFF_SESSION_COOKIE, STAFF_SIGNED_IN_COOKIE } from 'shared-api/backoffice';
import {
  changeOwnPassword,
  closeStaffSession,
  disableSecondFactor,
  enableSecondFactor,
  forgetStaffSession,
  logIn,
  regenerateRecoveryCodes,
  requireStaff,
  setUpSecondFactor,
  signedInMember,
} from '../../modules/staff';
import { HttpError } from '../../platform/http-error';
import type { ActionHandlers } from '../router';

type AuthActions = Pick<
  typeof backofficeActions,
  | 'login'
  | 'me'
  | 'logout'
  | 'change_password'
  | 'totp_setup'
  | 'totp_enable'
  | 'totp_disable'
  | 'regenerate_recovery_codes'
>;

/** Signing in and out, a member's own password, and a manager's second factor. */
export const authActions: ActionHandlers<AuthActions> = {
  login: (input, ctx, meta) => logIn(ctx, input, meta),

  async me(_input, ctx, meta) {
    try {
      // What this session may do, as requireStaff enforces it (not recomputed from the config).
      const actor = await requireStaff(ctx.db, meta, { accountSetup: true });
      return {
        staff: {
          ...(await signedInMember(ctx.db, ctx, actor.row)),
          secondFactorDue: actor.secondFactorDue,
          passwordChangeDue: actor.passwordChangeDue,
        },
      };
    } catch (error) {
      if (error instanceof HttpError && error.status === 401) {
        // A session that ended (or none): its cookies go too, so the next page is the login.
        if (meta.cookie(STAFF_SESSION_COOKIE) || meta.cookie(STAFF_SIGNED_IN_COOKIE)) forgetStaffSession(meta);
        return { staff: null };
      }
      throw error;
    }
  },

  async logout(_input, ctx, meta) {
    await closeStaffSession(ctx.db, meta);
    return { success: true as const };
  },

  async change_password(input, ctx, meta) {
    const actor = await requireStaff(ctx.db, meta, { accountSetup: true });
    return changeOwnPassword(ctx, actor, input, meta.cookie(STAFF_SESSION_COOKIE));
  },

  async totp_setup(_input, ctx, meta) {
    return setUpSecondFactor(ctx, await requireStaff(ctx.db, meta, { role: 'manager', accountSetup: true }));
  },

  async totp_enable(input, ctx, meta) {
    return enableSecondFactor(ctx, await requireStaff(ctx.db, meta, { role: 'manager', accountSetup: true }), input);
  },

  async regenerate_recovery_codes(input, ctx, meta) {
    return regenerateRecoveryCodes(ctx, await requireStaff(ctx.db, meta, { role: 'manager' }), input);
  },

  async totp_disable(input, ctx, meta) {
    return disableSecondFactor(ctx, await requireStaff(ctx.db, meta, { role: 'manager' }), input);
  },
};
