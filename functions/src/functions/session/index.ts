import { postFunctions } from 'shared-api';
import type { Queryable } from '../../db';
import { jsonFunction } from '../../router';
import { isUuid, requireRegistration } from '../registration-handler/records';

/** A sign-up session lives while its registration was active in the last 15 minutes (spec §6). */
export const SESSION_MINUTES = 15;

export async function sessionIsValid(q: Queryable, registrationId: string): Promise<boolean> {
  if (!isUuid(registrationId)) return false;
  const { rows } = await q.query<{ valid: boolean }>(
    `select last_activity_at > now() - make_interval(mins => $2) as valid from registrations where id = $1`,
    [registrationId, SESSION_MINUTES],
  );
  return rows[0]?.valid ?? false;
}

/** The `is_session_valid(p_registration_id)` procedure as a function. */
export const isSessionValidFunction = jsonFunction(
  'is-session-valid',
  postFunctions['is-session-valid'],
  async ({ p_registration_id }, ctx) => ({ valid: await sessionIsValid(ctx.db, p_registration_id) }),
);

/** Reading `registrations.global_status` by id. */
export const getRegistrationGlobalStatusFunction = jsonFunction(
  'get-registration-global-status',
  postFunctions['get-registration-global-status'],
  async ({ registrationId }, ctx) => {
    const row = await requireRegistration(ctx.db, registrationId);
    return { globalStatus: row.global_status };
  },
);
