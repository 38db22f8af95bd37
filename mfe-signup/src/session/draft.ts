import type { ClientData, serviceDetails, UploadType } from 'shared-api';
import { CLIENT_DATA_FIELDS, EMPTY_CLIENT_DATA } from 'shared-api';
// Types only: the first screen carries no zod (the stored and the server's drafts are checked in
// stored-drafts.ts and draft-from-server.ts, loaded when there is one).
import type * as z from 'zod/mini';
import { type CompletedSections, NO_SECTIONS } from '../wizard/steps';

export type ServiceDetails = z.infer<typeof serviceDetails>;

/** The registration draft of spec §3 (camelCase), what the wizard edits. */
export interface RegistrationDraft extends ClientData {
  registrationId: string | null;
  emailVerified: boolean;
  phoneVerified: boolean;
  documents: Partial<Record<UploadType, string>>;
  clientId: string | null;
  globalStatus: 'in_progress' | 'completed';
  completedSections: CompletedSections;
  serviceDetails: ServiceDetails | null;
  /** The e-mail and phone as last verified or saved: a change from them needs a new code. */
  previousEmail: string;
  previousPhone: string;
}

export function emptyDraft(): RegistrationDraft {
  return {
    ...EMPTY_CLIENT_DATA,
    registrationId: null,
    emailVerified: false,
    phoneVerified: false,
    documents: {},
    clientId: null,
    globalStatus: 'in_progress',
    completedSections: { ...NO_SECTIONS },
    serviceDetails: null,
    previousEmail: '',
    previousPhone: '',
  };
}

export function clientDataOf(draft: RegistrationDraft): ClientData {
  return Object.fromEntries(CLIENT_DATA_FIELDS.map((field) => [field, draft[field]])) as unknown as ClientData;
}

/** The payload of `update_registration` for a draft that has a registration id. */
export function toUpdateRegistration(draft: RegistrationDraft & { registrationId: string }) {
  return {
    registrationId: draft.registrationId,
    ...clientDataOf(draft),
    emailVerified: draft.emailVerified,
    phoneVerified: draft.phoneVerified,
    metadata: { completedSections: draft.completedSections, serviceDetails: draft.serviceDetails },
    globalStatus: draft.globalStatus,
  };
}
