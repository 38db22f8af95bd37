import * as z from 'zod/mini';
import { GLOBAL_STATUSES, MOVE_IN_STATUSES, UPLOAD_TYPES } from '../registration-values';
import { registrationId } from './common';

/**
 * What the original did straight against the hosted database, now functions:
 * the browser never talks to the database.
 */

/**
 * A call about a registration without a live session of it (the httpOnly cookie that
 * create_registration or a confirmed recovery gives the browser): 401 with this text.
 */
export const APPLICANT_SESSION_REQUIRED = 'Your session has expired. Enter your registration code to continue.';

/** The `is_session_valid` remote procedure, with its parameter name. */
export const isSessionValidRequest = z.object({ p_registration_id: registrationId });
export const isSessionValidResponse = z.object({ valid: z.boolean() });

/** Reading `registrations.global_status` by id. */
export const getGlobalStatusRequest = z.object({ registrationId });
export const getGlobalStatusResponse = z.object({
  globalStatus: z.enum(GLOBAL_STATUSES),
  /** Null until the contract is completed; then the units by number, or none yet. */
  moveIn: z.optional(
    z.nullable(
      z.object({
        status: z.enum(MOVE_IN_STATUSES),
        unitNumbers: z.array(z.string()),
        /** The door access was issued (PIN by SMS, sign-in link by e-mail): the checks passed. */
        doorAccess: z.optional(z.boolean()),
        /** Scheduled: the day chosen, when the units held for them become theirs and the door opens. */
        moveInDate: z.optional(z.iso.date()),
      }),
    ),
  ),
});
export type MoveIn = NonNullable<z.infer<typeof getGlobalStatusResponse>['moveIn']>;

/** Upload to `registration_documents` (multipart form: registrationId, documentType, file). */
export const ACCEPTED_DOCUMENT_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png'] as const;
/** The largest document the upload takes (the browser checks it first, the server enforces it). */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const uploadDocumentFields = z.object({
  registrationId,
  documentType: z.enum(UPLOAD_TYPES),
});
export const uploadDocumentResponse = z.object({ filePath: z.string() });

/** One Server-Sent Event of `realtime?registrationId=…`. */
export const REALTIME_TABLES = ['payments', 'registrations', 'contracts', 'contract_submitters'] as const;
export const realtimeEvent = z.object({
  table: z.enum(REALTIME_TABLES),
  type: z.enum(['INSERT', 'UPDATE', 'DELETE']),
  registrationId: z.nullable(z.string()),
  record: z.record(z.string(), z.unknown()),
});
export type RealtimeEvent = z.infer<typeof realtimeEvent>;
