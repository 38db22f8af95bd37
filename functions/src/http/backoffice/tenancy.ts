import type { backofficeActions } from 'shared-api/backoffice';
import { PaymentProviderError } from '../../adapters/payments';
import { assignUnits, endRental, fittingFreeUnits, refundDeposit } from '../../modules/rental';
import { REGISTRATION_NOT_FOUND } from '../../modules/sign-up';
import { recordAudit, requireStaff } from '../../modules/staff';
import { HttpError, refusal } from '../../platform/http-error';
import { commitThenRun } from '../../platform/jobs/queue';
import type { ActionHandlers } from '../router';

type TenancyActions = Pick<
  typeof backofficeActions,
  'fitting_units' | 'assign_units' | 'refund_deposit' | 'end_rental'
>;

const codeOf = async (q: Parameters<typeof recordAudit>[0], registrationId: string) =>
  (
    await q.query<{ registration_code: string }>('select registration_code from registrations where id = $1', [
      registrationId,
    ])
  ).rows[0]?.registration_code;

/**
 * A tenancy's turns staff handle from its page: letting units to a tenant who has none (or a
 * manager refunding the deposit), and ending a rental.
 */
export const tenancyActions: ActionHandlers<TenancyActions> = {
  async fitting_units({ registrationId, language }, ctx, meta) {
    await requireStaff(ctx.db, meta);
    return fittingFreeUnits(ctx.db, registrationId, language);
  },

  async assign_units({ registrationId, unitNumbers }, ctx, meta) {
    const actor = await requireStaff(ctx.db, meta);
    const units = await commitThenRun(ctx, async (tx) => {
      const assigned = await assignUnits(tx, ctx, registrationId, unitNumbers);
      await recordAudit(tx, actor, {
        action: 'assign_units',
        target: `registration:${await codeOf(tx, registrationId)}`,
        before: { moveInStatus: 'awaiting_unit' },
        after: { moveInStatus: 'allocated', units: assigned },
      });
      return assigned;
    });
    return { units };
  },

  async end_rental({ registrationId }, ctx, meta) {
    const actor = await requireStaff(ctx.db, meta);
    const ended = await commitThenRun(ctx, async (tx) => {
      const { rows } = await tx.query<{ move_in_status: string | null }>(
        'select move_in_status from registrations where id = $1 for update',
        [registrationId],
      );
      if (!rows[0]) throw new HttpError(404, REGISTRATION_NOT_FOUND);
      if (rows[0].move_in_status !== 'allocated') throw refusal('rental_not_active');
      const result = await endRental(tx, ctx, registrationId, {
        userId: null,
        usuario: `gestión: ${actor.email}`,
        ip: actor.ip,
      });
      await recordAudit(tx, actor, {
        action: 'end_rental',
        target: `registration:${result.registrationCode}`,
        before: { moveInStatus: 'allocated' },
        after: { moveInStatus: 'ended', freedUnits: result.units.map((unit) => unit.unitNumber) },
      });
      return result;
    });
    return { freedUnits: ended.units.map((unit) => unit.unitNumber) };
  },

  async refund_deposit({ registrationId, reason }, ctx, meta) {
    // Money leaves the business: a manager's decision.
    const actor = await requireStaff(ctx.db, meta, { role: 'manager' });
    try {
      const refunded = await commitThenRun(ctx, async (tx) => {
        const result = await refundDeposit(tx, ctx, registrationId, reason);
        await recordAudit(tx, actor, {
          action: 'refund_deposit',
          target: `registration:${await codeOf(tx, registrationId)}`,
          before: { moveInStatus: 'awaiting_unit' },
          after: { moveInStatus: 'ended', refunded: result.amount, reason },
        });
        return result;
      });
      return { amount: refunded.amount, refundedAt: refunded.refundedAt.toISOString() };
    } catch (error) {
      if (error instanceof PaymentProviderError) throw new HttpError(502, error.message);
      throw error;
    }
  },
};
