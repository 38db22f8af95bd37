import { accountActions } from 'shared-api/account';
import {
  closeAccountSession,
  maskedContact,
  openAccountSession,
  requestSignIn,
  requireTenant,
  SIGN_IN_NOT_VALID,
  tenancySummaries,
  verifySignIn,
} from '../../modules/account';
import { HttpError } from '../../platform/http-error';
import { actionFunction } from '../router';

/** The tenant's account's one function: every action but signing in checks the session cookie. */
export const accountFunction = actionFunction('account', accountActions, {
  async request_sign_in({ contact, language }, ctx, meta) {
    return requestSignIn(ctx, { contact, language, ip: meta.ip });
  },

  async verify_sign_in(input, ctx, meta) {
    const contact = await ctx.db.transaction(async (tx) => {
      const proved = await verifySignIn(tx, ctx, input);
      if (proved) await openAccountSession(tx, ctx, meta, proved);
      return proved;
    });
    if (!contact) throw new HttpError(400, SIGN_IN_NOT_VALID);
    return { success: true as const };
  },

  async me(_input, ctx, meta) {
    const tenant = await requireTenant(ctx.db, ctx, meta);
    return {
      contact: maskedContact(tenant.contact),
      tenancies: await tenancySummaries(ctx.db, tenant.registrationIds),
    };
  },

  async sign_out(_input, ctx, meta) {
    await closeAccountSession(ctx.db, ctx, meta);
    return { success: true as const };
  },
});
