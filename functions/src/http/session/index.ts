import { MOVE_IN_STATUSES, postFunctions } from 'shared-api';
import { z } from 'zod';
import { hasDoorAccess } from '../../modules/door';
import { heldFor, unitsOf } from '../../modules/rental';
import {
  holdsApplicantSession,
  readMetadata,
  requireApplicantSession,
  requireRegistration,
} from '../../modules/sign-up';
import { jsonFunction } from '../router';

const moveInStatus = z.enum(MOVE_IN_STATUSES);

/**
 * The `is_session_valid(p_registration_id)` procedure as a function: true only for the
 * browser that holds a live session of that registration (15 minutes, sliding; spec §6).
 */
export const isSessionValidFunction = jsonFunction(
  'is-session-valid',
  postFunctions['is-session-valid'],
  async ({ p_registration_id }, ctx, meta) => ({
    valid: await holdsApplicantSession(ctx.db, meta, p_registration_id),
  }),
);

/** Reading `registrations.global_status` by id, and once completed, the tenant's units. */
export const getRegistrationGlobalStatusFunction = jsonFunction(
  'get-registration-global-status',
  postFunctions['get-registration-global-status'],
  async ({ registrationId }, ctx, meta) => {
    await requireApplicantSession(ctx.db, meta, registrationId);
    const row = await requireRegistration(ctx.db, registrationId);
    const status = moveInStatus.safeParse(row.move_in_status);
    if (!status.success) return { globalStatus: row.global_status, moveIn: null };

    if (status.data === 'scheduled') {
      const moveInDate = readMetadata(row.metadata).serviceDetails?.moveInDate;
      return {
        globalStatus: row.global_status,
        moveIn: {
          status: status.data,
          unitNumbers: await heldFor(ctx.db, registrationId),
          doorAccess: false,
          ...(moveInDate ? { moveInDate } : {}),
        },
      };
    }
    return {
      globalStatus: row.global_status,
      moveIn: {
        status: status.data,
        unitNumbers: await unitsOf(ctx.db, registrationId),
        doorAccess: await hasDoorAccess(ctx.db, registrationId),
      },
    };
  },
);
