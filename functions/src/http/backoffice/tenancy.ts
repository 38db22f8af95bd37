import type { backofficeActions } from 'shared-api/backoffice';
import { PaymentProviderError } from '../../adapters/payments';
import {
  assignUnitsByStaff,
  endRentalByStaff,
  fittingFreeUnits,
  giveNoticeByStaff,
  refundDepositByStaff,
  returnDeposit,
  setAccessByStaff,
  withdrawNoticeByStaff,
} from '../../modules/rental';
import { requireStaff } from '../../modules/staff';
import { HttpError } from '../../platform/http-error';
import { commitThenRun } from '../../platform/jobs/queue';
import type { ActionHandlers } from '../router';

type TenancyActions = Pick<
  typeof backofficeActions,
  | 'fitting_units'
  | 'assign_units'
  | 'refund_deposit'
  | 'return_deposit'
  | 'end_rental'
  | 'give_notice'
  | 'withdraw_notice'
  | 'suspend_access'
  | 'restore_access'
>;

/**
 * A tenancy's turns staff handle from its page: letting units to a tenant who has none (or a
 * manager refunding the deposit), and ending a rental.
 */
export const tenancyActions: ActionHandlers<TenancyActions> = {
  async fitting_units({ registrationId, language }, ctx, meta) {
    await requireStaff(ctx.db, meta);
    return fittingFreeUnits(ctx.db, registrationId, language);
  },

  async assign_units(input, ctx, meta) {
    return { units: await assignUnitsByStaff(ctx, await requireStaff(ctx.db, meta), input) };
  },

  async end_rental({ registrationId }, ctx, meta) {
    const ended = await endRentalByStaff(ctx, await requireStaff(ctx.db, meta), registrationId);
    return { freedUnits: ended.units.map((unit) => unit.unitNumber) };
  },

  async give_notice(input, ctx, meta) {
    return giveNoticeByStaff(ctx, await requireStaff(ctx.db, meta), input);
  },

  async withdraw_notice({ registrationId }, ctx, meta) {
    await withdrawNoticeByStaff(ctx, await requireStaff(ctx.db, meta), registrationId);
    return { success: true as const };
  },

  async refund_deposit(input, ctx, meta) {
    // Money leaves the business: a manager's decision.
    const actor = await requireStaff(ctx.db, meta, { role: 'manager' });
    try {
      const refunded = await refundDepositByStaff(ctx, actor, input);
      return { amount: refunded.amount, refundedAt: refunded.refundedAt.toISOString() };
    } catch (error) {
      if (error instanceof PaymentProviderError) throw new HttpError(502, error.message);
      throw error;
    }
  },

  async return_deposit({ registrationId, keepCents, reason }, ctx, meta) {
    const actor = await requireStaff(ctx.db, meta, { role: 'manager' });
    try {
      const returned = await commitThenRun(ctx, (tx) =>
        returnDeposit(tx, ctx, actor, { registrationId, keepCents, reason: reason || null }),
      );
      return { ...returned, refundedAt: returned.refundedAt.toISOString() };
    } catch (error) {
      if (error instanceof PaymentProviderError) throw new HttpError(502, error.message);
      throw error;
    }
  },

  async suspend_access({ registrationId, reason }, ctx, meta) {
    await setAccessByStaff(ctx, await requireStaff(ctx.db, meta), { registrationId, reason, suspended: true });
    return { success: true as const };
  },

  async restore_access({ registrationId, reason }, ctx, meta) {
    await setAccessByStaff(ctx, await requireStaff(ctx.db, meta), { registrationId, reason, suspended: false });
    return { success: true as const };
  },
};
