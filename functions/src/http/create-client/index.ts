import { postFunctions } from 'shared-api';
import { becomeClient, requireApplicantSession } from '../../modules/sign-up';
import { jsonFunction } from '../router';

/** POST create-client: the registration becomes a client of the billing system (once). */
export const createClientFunction = jsonFunction(
  'create-client',
  postFunctions['create-client'],
  async ({ registrationId }, ctx, meta) => {
    await requireApplicantSession(ctx.db, meta, registrationId);
    return becomeClient(ctx, registrationId);
  },
);
