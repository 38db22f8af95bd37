import type { backofficeActions } from 'shared-api/backoffice';
import { requireStaff } from '../../modules/staff';
import { todayAtTheDesk } from '../../modules/tenancies';
import type { ActionHandlers } from '../router';

/** Today: what came in, what was paid, what waits for the company, and how full the place is. */
export const todayActions: ActionHandlers<Pick<typeof backofficeActions, 'today'>> = {
  async today(_input, ctx, meta) {
    await requireStaff(ctx.db, meta);
    return todayAtTheDesk(ctx);
  },
};
