import type { abridorActions } from 'shared-api';
import {
  addDoorUser,
  adminUser,
  deleteDoorUser,
  doorAuditPage,
  doorUsersWithRentals,
  issueMagicLink,
  rentalToEnd,
  toDoorUser,
  updateDoorUser,
} from '../../modules/door';
import { endRental } from '../../modules/rental';
import { commitThenRun } from '../../platform/jobs/queue';
import type { ActionHandlers } from '../router';

/** The admin's tools: users, magic links, ending a rental and the access audit. */
export const adminActions: ActionHandlers<
  Pick<
    typeof abridorActions,
    'list_users' | 'add_user' | 'update_user' | 'delete_user' | 'end_rental' | 'generate_magic_token' | 'list_audit'
  >
> = {
  async list_users({ token }, ctx) {
    await adminUser(ctx, token);
    const rows = await doorUsersWithRentals(ctx.db);
    return { users: rows.map((row) => ({ ...toDoorUser(row), registrationCode: row.registration_code })) };
  },

  async add_user({ token, ...user }, ctx, meta) {
    return addDoorUser(ctx, await adminUser(ctx, token), user, meta);
  },

  async update_user({ token, ...user }, ctx, meta) {
    return updateDoorUser(ctx, await adminUser(ctx, token), token, user, meta);
  },

  async delete_user({ token, userId }, ctx, meta) {
    return deleteDoorUser(ctx, await adminUser(ctx, token), userId, meta);
  },

  async end_rental({ token, userId, registrationCode }, ctx, meta) {
    const admin = await adminUser(ctx, token);
    const registrationId = await rentalToEnd(ctx.db, { userId, registrationCode });
    const ended = await commitThenRun(ctx, (tx) =>
      endRental(tx, ctx, registrationId, { userId: admin.id, usuario: admin.usuario, ip: meta.ip }),
    );
    return { success: true as const, freedUnits: ended.units.map((unit) => unit.unitNumber) };
  },

  async generate_magic_token({ token, target_user }, ctx, meta) {
    return issueMagicLink(ctx, await adminUser(ctx, token), target_user, meta);
  },

  async list_audit({ token, limit, before }, ctx) {
    await adminUser(ctx, token);
    return doorAuditPage(ctx, { limit, before });
  },
};
