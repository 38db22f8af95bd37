import type { backofficeActions } from 'shared-api/backoffice';
import { withDelivery } from '../../adapters/outbox-delivery';
import { PaymentProviderError } from '../../adapters/payments';
import { HttpError } from '../../http-error';
import { assignUnits, fittingFreeUnits, refundDeposit } from '../../move-in/remedy';
import type { ActionHandlers } from '../../router';
import { recordAudit } from './audit';
import { requireStaff } from './staff-session';

type AwaitingActions = Pick<typeof backofficeActions, 'fitting_units' | 'assign_units' | 'refund_deposit'>;

const codeOf = async (q: Parameters<typeof recordAudit>[0], registrationId: string) =>
  (
    await q.query<{ registration_code: string }>('select registration_code from registrations where id = $1', [
      registrationId,
    ])
  ).rows[0]?.registration_code;

/** A tenant who signed and paid but has no unit: staff let them one, or a manager refunds the deposit. */
export const awaitingActions: ActionHandlers<AwaitingActions> = {
  async fitting_units({ registrationId, language }, ctx, meta) {
    await requireStaff(ctx.db, meta);
    return fittingFreeUnits(ctx.db, registrationId, language);
  },

  async assign_units({ registrationId, unitNumbers }, ctx, meta) {
    const actor = await requireStaff(ctx.db, meta);
    const units = await withDelivery(ctx, async (tx) => {
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

  async refund_deposit({ registrationId, reason }, ctx, meta) {
    // Money leaves the business: a manager's decision.
    const actor = await requireStaff(ctx.db, meta, { role: 'manager' });
    try {
      const refunded = await withDelivery(ctx, async (tx) => {
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
