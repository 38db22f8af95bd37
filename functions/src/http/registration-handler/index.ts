import { registrationActions } from 'shared-api';
import {
  checkExisting,
  chooseProduct,
  confirmRecovery,
  createRegistration,
  findRegistration,
  holdsApplicantSession,
  isUuid,
  recoverByCode,
  registrationWithDocuments,
  requireApplicantSession,
  requireRegistration,
  resendCode,
  secondsUntilResend,
  touchRegistration,
  updateClientField,
  updateRegistration,
  verifyContact,
} from '../../modules/sign-up';
import { actionFunction } from '../router';

/** registration-handler: the sign-up's actions (spec §5–§6), each behind the applicant's session where it has one. */
export const registrationHandlerFunction = actionFunction('registration-handler', registrationActions, {
  async update_field({ registrationId, field, value }, ctx, meta) {
    await requireApplicantSession(ctx.db, meta, registrationId);
    return updateClientField(ctx, registrationId, field, value);
  },

  check_existing: (input, ctx, meta) => checkExisting(ctx, meta.ip, input),

  create_registration: (input, ctx, meta) => createRegistration(ctx, meta, input),

  async verify_tokens(input, ctx, meta) {
    await requireApplicantSession(ctx.db, meta, input.registrationId);
    return verifyContact(ctx, input);
  },

  async resend_verification(input, ctx, meta) {
    await requireApplicantSession(ctx.db, meta, input.registrationId);
    return resendCode(ctx, input);
  },

  get_registration_status: ({ recoveryCode }, ctx, meta) => recoverByCode(ctx, meta, recoveryCode),

  confirm_recovery: (input, ctx, meta) => confirmRecovery(ctx, meta, input),

  async get_registration_with_documents({ registrationId }, ctx, meta) {
    await requireApplicantSession(ctx.db, meta, registrationId);
    return registrationWithDocuments(ctx, registrationId);
  },

  async update_registration(input, ctx, meta) {
    await requireApplicantSession(ctx.db, meta, input.registrationId);
    return updateRegistration(ctx, input);
  },

  async get_resend_cooldown({ registrationId }, ctx, meta) {
    await requireApplicantSession(ctx.db, meta, registrationId);
    await requireRegistration(ctx.db, registrationId);
    const [email, sms] = await Promise.all([
      secondsUntilResend(ctx.db, registrationId, 'email'),
      secondsUntilResend(ctx.db, registrationId, 'sms'),
    ]);
    return { email, sms };
  },

  async get_registration_code({ registrationId }, ctx, meta) {
    await requireApplicantSession(ctx.db, meta, registrationId);
    const row = await requireRegistration(ctx.db, registrationId);
    return { registrationCode: row.registration_code };
  },

  async check_registration_exists_by_id({ registrationId }, ctx, meta) {
    if (!isUuid(registrationId)) return { exists: false };
    const row = await findRegistration(ctx.db, registrationId);
    if (row) await touchRegistration(ctx.db, registrationId);
    return {
      exists: Boolean(row),
      completed: row?.global_status === 'completed',
      session: row ? await holdsApplicantSession(ctx.db, meta, registrationId) : false,
    };
  },

  async check_and_set_product(input, ctx, meta) {
    await requireApplicantSession(ctx.db, meta, input.registrationId);
    return chooseProduct(ctx, input);
  },
});
