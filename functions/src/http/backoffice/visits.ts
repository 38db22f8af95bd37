import type { backofficeActions } from 'shared-api/backoffice';
import { requireStaff } from '../../modules/staff';
import {
  cancelVisitByStaff,
  cancelVisitsByStaff,
  closedDates,
  loadRules,
  setClosedDate,
  setVisitRules,
  visitsBetween,
} from '../../modules/visits';
import { addDays, madridDate } from '../../platform/madrid-time';
import type { ActionHandlers } from '../router';

type VisitActions = Pick<
  typeof backofficeActions,
  'list_visits' | 'cancel_visit' | 'cancel_visits' | 'get_visit_rules' | 'set_visit_rules' | 'set_closed_date'
>;

/** Visits: everyone sees and cancels them; the slot rules and closed days are a manager's. */
export const visitActions: ActionHandlers<VisitActions> = {
  async list_visits({ from, days }, ctx, meta) {
    await requireStaff(ctx.db, meta);
    const start = from ?? madridDate(ctx.clock.now());
    return { from: start, days, visits: await visitsBetween(ctx.db, start, addDays(start, days)) };
  },

  async cancel_visit({ visitId }, ctx, meta) {
    return cancelVisitByStaff(ctx, await requireStaff(ctx.db, meta), visitId);
  },

  async cancel_visits({ visitIds }, ctx, meta) {
    return cancelVisitsByStaff(ctx, await requireStaff(ctx.db, meta), visitIds);
  },

  async get_visit_rules(_input, ctx, meta) {
    await requireStaff(ctx.db, meta);
    return { rules: await loadRules(ctx.db), closedDates: await closedDates(ctx.db) };
  },

  async set_visit_rules({ rules }, ctx, meta) {
    return setVisitRules(ctx, await requireStaff(ctx.db, meta, { role: 'manager' }), rules);
  },

  async set_closed_date(input, ctx, meta) {
    return setClosedDate(ctx, await requireStaff(ctx.db, meta, { role: 'manager' }), input);
  },
};
