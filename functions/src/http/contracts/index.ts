import { postFunctions } from 'shared-api';
import { contractStatus, createContract } from '../../modules/contracts';
import { requireApplicantSession, requireRegistration } from '../../modules/sign-up';
import { jsonFunction } from '../router';

/**
 * POST create-contract: only with the client created and the deposit paid, and never while a
 * contract is awaiting signatures or completed. The signers get their links by e-mail.
 */
export const createContractFunction = jsonFunction(
  'create-contract',
  postFunctions['create-contract'],
  async ({ registrationId }, ctx, meta) => {
    await requireApplicantSession(ctx.db, meta, registrationId);
    await createContract(ctx, registrationId);
    return { success: true };
  },
);
/** POST get-contract-status: the latest contract of the registration and its signers. */
export const getContractStatusFunction = jsonFunction(
  'get-contract-status',
  postFunctions['get-contract-status'],
  async ({ registrationId }, ctx, meta) => {
    await requireApplicantSession(ctx.db, meta, registrationId);
    await requireRegistration(ctx.db, registrationId);
    return contractStatus(ctx.db, registrationId);
  },
);
