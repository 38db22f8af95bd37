import type { backofficeActions } from 'shared-api/backoffice';
import { countersign } from '../../modules/contracts';
import { reviewDocument } from '../../modules/sign-up';
import { requireStaff } from '../../modules/staff';
import { listRegistrations, registrationDetail } from '../../modules/tenancies';
import type { ActionHandlers } from '../router';

type RegistrationActions = Pick<
  typeof backofficeActions,
  'list_registrations' | 'get_registration' | 'review_document' | 'countersign'
>;

/** Registrations: the list, one registration, its documents' review and the company's signature. */
export const registrationActions: ActionHandlers<RegistrationActions> = {
  async list_registrations(query, ctx, meta) {
    await requireStaff(ctx.db, meta);
    const { rows, total, page } = await listRegistrations(ctx.db, query);
    return { rows, total, page, pageSize: 20 };
  },

  async get_registration({ registrationId }, ctx, meta) {
    await requireStaff(ctx.db, meta);
    return registrationDetail(ctx.db, registrationId, ctx.clock.now());
  },

  async review_document(input, ctx, meta) {
    return reviewDocument(ctx, await requireStaff(ctx.db, meta), input);
  },

  async countersign(input, ctx, meta) {
    return countersign(ctx, await requireStaff(ctx.db, meta), input);
  },
};
