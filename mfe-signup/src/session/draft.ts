import type { ClientData, RegistrationDocument, RegistrationRecord, UploadType } from 'shared-api';
import {
  CLIENT_DATA_FIELDS,
  clientDataFromRecord,
  EMPTY_CLIENT_DATA,
  registrationMetadata,
  serviceDetails,
} from 'shared-api';
// zod/mini, as the shared schemas it builds on: the sign-up's first screen carries it.
import * as z from 'zod/mini';
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

function parseMetadata(value: RegistrationRecord['metadata']) {
  let raw: unknown = value;
  if (typeof value === 'string') {
    try {
      raw = JSON.parse(value);
    } catch {
      raw = {};
    }
  }
  const parsed = registrationMetadata.safeParse(raw ?? {});
  return parsed.success ? parsed.data : {};
}

type ServerDocument = Pick<RegistrationDocument, 'document_type' | 'file_path' | 'review_status' | 'rejection_reason'>;

/**
 * The server's documents as the step shows them: the ones that count, and the ones staff
 * rejected (with the reason), which must be uploaded again and so are not counted as present.
 */
export function documentsFromServer(documents: ServerDocument[]): {
  present: Partial<Record<UploadType, string>>;
  rejected: Partial<Record<UploadType, string>>;
} {
  const present: Partial<Record<UploadType, string>> = {};
  const rejected: Partial<Record<UploadType, string>> = {};
  for (const document of documents) {
    if (document.review_status === 'rejected') rejected[document.document_type] = document.rejection_reason ?? '';
    else present[document.document_type] = document.file_path;
  }
  return { present, rejected };
}

/** The server's snake_case record and documents as a draft (recovery, another device). */
export function draftFromServer(record: RegistrationRecord, documents: ServerDocument[]): RegistrationDraft {
  const metadata = parseMetadata(record.metadata);
  return {
    ...emptyDraft(),
    ...clientDataFromRecord(record),
    registrationId: record.id,
    emailVerified: record.email_verified,
    phoneVerified: record.phone_verified,
    documents: documentsFromServer(documents).present,
    clientId: record.client_id,
    globalStatus: record.global_status,
    completedSections: { ...NO_SECTIONS, ...metadata.completedSections },
    serviceDetails: metadata.serviceDetails ?? null,
    previousEmail: record.email,
    previousPhone: record.phone,
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

/** What is validated when a draft comes back from local storage. */
export const storedDraft = z.object({
  registrationId: z.nullable(z.string()),
  clientType: z.enum(['individual', 'company']),
  fullName: z.string(),
  companyName: z.string(),
  documentType: z.enum(['dni', 'nie']),
  documentNumber: z.string(),
  cif: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  postalCode: z.string(),
  iban: z.string(),
  emailVerified: z.boolean(),
  phoneVerified: z.boolean(),
  documents: z.partialRecord(z.enum(['frontId', 'backId', 'bankDocument']), z.string()),
  clientId: z.nullable(z.string()),
  globalStatus: z.enum(['in_progress', 'completed']),
  completedSections: z.object({
    clientData: z.boolean(),
    verification: z.boolean(),
    documents: z.boolean(),
    serviceDetails: z.boolean(),
  }),
  serviceDetails: z.nullable(serviceDetails),
  previousEmail: z.string(),
  previousPhone: z.string(),
});
