import type { backofficeActions } from 'shared-api/backoffice';
import { PaymentProviderError } from '../../adapters/payments';
import {
  assignUnitsByStaff,
  endRentalByStaff,
  fittingFreeUnits,
  giveNotice,
  refundDepositByStaff,
  returnDeposit,
  setAccessByStaff,
  withdrawNotice,
} from '../../modules/rental';
import { recordAudit, requireStaff } from '../../modules/staff';
import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
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

  async give_notice({ registrationId, moveOutOn }, ctx, meta) {
    const actor = await requireStaff(ctx.db, meta);
    return commitThenRun(ctx, async (tx) => {
      const code = await registrationCode(tx, registrationId);
      const given = await giveNotice(tx, ctx, { registrationId, moveOutOn });
      await recordAudit(tx, actor, { action: 'give_notice', target: `registration:${code}`, after: given });
      return given;
    });
  },

  async withdraw_notice({ registrationId }, ctx, meta) {
    const actor = await requireStaff(ctx.db, meta);
    await commitThenRun(ctx, async (tx) => {
      const code = await registrationCode(tx, registrationId);
      await withdrawNotice(tx, ctx, registrationId);
      await recordAudit(tx, actor, { action: 'withdraw_notice', target: `registration:${code}` });
    });
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

/** The registration's code for the activity log, or 404. */
async function registrationCode(tx: Queryable, registrationId: string): Promise<string> {
  const { rows } = await tx.query<{ registration_code: string }>(
    sql`select registration_code from registrations where id = ${registrationId}`,
  );
  if (!rows[0]) throw new HttpError(404, 'Registration not found');
  return rows[0].registration_code;
}
