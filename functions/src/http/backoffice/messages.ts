import type { backofficeActions } from 'shared-api/backoffice';
import { doorUsersWithRentals, searchDoorAudit } from '../../modules/door';
import { listMessages, requireStaff, resendMessage } from '../../modules/staff';
import type { ActionHandlers } from '../router';

type MessageActions = Pick<
  typeof backofficeActions,
  'list_messages' | 'resend_message' | 'list_door_users' | 'list_door_audit'
>;

/** The outbox (what was sent to whom, and whether it went), resending; the door's users and log. */
export const messageActions: ActionHandlers<MessageActions> = {
  async list_messages(query, ctx, meta) {
    await requireStaff(ctx.db, meta);
    return listMessages(ctx, query);
  },

  async resend_message({ id }, ctx, meta) {
    return resendMessage(ctx, await requireStaff(ctx.db, meta), id);
  },

  async list_door_users(_input, ctx, meta) {
    await requireStaff(ctx.db, meta, { role: 'manager' });
    const rows = await doorUsersWithRentals(ctx.db);
    return {
      users: rows.map((row) => ({
        id: row.id,
        usuario: row.usuario,
        box: row.box,
        registrationCode: row.registration_code,
      })),
    };
  },

  async list_door_audit(query, ctx, meta) {
    await requireStaff(ctx.db, meta, { role: 'manager' });
    return searchDoorAudit(ctx, query);
  },
};
