import type { backofficeActions } from 'shared-api/backoffice';
import { autoCountersign, saveAutoCountersign } from '../../modules/contracts';
import { recordAudit, requireStaff } from '../../modules/staff';
import { todayAtTheDesk } from '../../modules/tenancies';
import type { ActionHandlers } from '../router';

/** Today: what came in, what was paid, what waits for the company, and how full the place is. */
export const todayActions: ActionHandlers<Pick<typeof backofficeActions, 'today' | 'set_auto_countersign'>> = {
  async today(_input, ctx, meta) {
    await requireStaff(ctx.db, meta);
    return { ...(await todayAtTheDesk(ctx)), autoCountersign: await autoCountersign(ctx.db) };
  },

  async set_auto_countersign({ enabled }, ctx, meta) {
    const actor = await requireStaff(ctx.db, meta, { role: 'manager' });
    await ctx.db.transaction(async (tx) => {
      const before = await autoCountersign(tx);
      if (before === enabled) return;
      await saveAutoCountersign(tx, enabled, actor.email);
      await recordAudit(tx, actor, {
        action: 'set_auto_countersign',
        target: 'contracts',
        before: { autoCountersign: before },
        after: { autoCountersign: enabled },
      });
    });
    return { autoCountersign: await autoCountersign(ctx.db) };
  },
};
