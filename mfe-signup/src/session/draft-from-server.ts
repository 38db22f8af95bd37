import type { RegistrationDocument, RegistrationRecord, UploadType } from 'shared-api';
import { clientDataFromRecord, registrationMetadata } from 'shared-api';
import { NO_SECTIONS } from '../wizard/steps';
import { emptyDraft, type RegistrationDraft } from './draft';

// The server's registration as the wizard's draft: loaded after a call, with the contracts' zod.

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
