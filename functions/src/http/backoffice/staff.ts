import { BACKOFFICE_PAGE_SIZE, type backofficeActions } from 'shared-api/backoffice';
import { addStaff, listAudit, listStaff, requireStaff, updateStaff } from '../../modules/staff';
import type { ActionHandlers } from '../router';

type StaffActions = Pick<typeof backofficeActions, 'list_staff' | 'add_staff' | 'update_staff' | 'list_audit'>;

/** Staff accounts and the audit: a manager's. */
export const staffActions: ActionHandlers<StaffActions> = {
  async list_staff(_input, ctx, meta) {
    await requireStaff(ctx.db, meta, { role: 'manager' });
    return listStaff(ctx);
  },

  async add_staff(input, ctx, meta) {
    return addStaff(ctx, await requireStaff(ctx.db, meta, { role: 'manager' }), input);
  },

  async update_staff(input, ctx, meta) {
    return updateStaff(ctx, await requireStaff(ctx.db, meta, { role: 'manager' }), input);
  },

  async list_audit({ search, page }, ctx, meta) {
    await requireStaff(ctx.db, meta, { role: 'manager' });
    const listed = await listAudit(ctx.db, search, page, BACKOFFICE_PAGE_SIZE);
    return { rows: listed.rows, total: listed.total, page: listed.page, pageSize: BACKOFFICE_PAGE_SIZE };
  },
};
