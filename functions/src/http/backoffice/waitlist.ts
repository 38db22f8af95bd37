import type { backofficeActions } from 'shared-api/backoffice';
import { requireStaff } from '../../modules/staff';
import { lineEntries, offerByHand, removeFromLine, sendToBack } from '../../modules/waitlist';
import type { ActionHandlers } from '../router';

type WaitlistActions = Pick<
  typeof backofficeActions,
  'list_waitlist' | 'waitlist_offer' | 'waitlist_skip' | 'waitlist_remove'
>;

/** The waitlist as staff run it: the lines in order, a unit offered by hand, skipped, removed. */
export const waitlistActions: ActionHandlers<WaitlistActions> = {
  async list_waitlist({ history }, ctx, meta) {
    await requireStaff(ctx.db, meta);
    return {
      entries: await lineEntries(ctx.db, history ? 'all' : 'open'),
    };
  },

  async waitlist_offer({ entryId }, ctx, meta) {
    return offerByHand(ctx, await requireStaff(ctx.db, meta), entryId);
  },

  async waitlist_skip({ entryId }, ctx, meta) {
    return sendToBack(ctx, await requireStaff(ctx.db, meta), entryId);
  },

  async waitlist_remove({ entryId }, ctx, meta) {
    return removeFromLine(ctx, await requireStaff(ctx.db, meta), entryId);
  },
};
