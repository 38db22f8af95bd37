import {
  CLIENT_TYPES,
  completedSections,
  DOCUMENT_TYPES,
  GLOBAL_STATUSES,
  serviceDetails,
  UPLOAD_TYPES,
} from 'shared-api';
import { type KeyValueStorage, readStored, removeStored } from 'shared-ui/stored';
import * as z from 'zod/mini';
import type { RegistrationDraft } from './draft';
import {
  SESSION_RECORD_PREFIX,
  SESSION_TTL_MS,
  saveSessionRecord,
  sessionRecordKey,
  sessionRecordKeys,
} from './session-record';

// Reading the session records back (session-record.ts writes them): what comes from storage is
// checked, so this module brings zod, and the wizard loads it only when there is a record.

/** What is validated when a draft comes back from local storage. */
const storedDraft = z.object({
  registrationId: z.nullable(z.string()),
  clientType: z.enum(CLIENT_TYPES),
  fullName: z.string(),
  companyName: z.string(),
  documentType: z.enum(DOCUMENT_TYPES),
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
  documents: z.partialRecord(z.enum(UPLOAD_TYPES), z.string()),
  clientId: z.nullable(z.string()),
  globalStatus: z.enum(GLOBAL_STATUSES),
  completedSections,
  serviceDetails: z.nullable(serviceDetails),
  previousEmail: z.string(),
  previousPhone: z.string(),
});

const sessionRecord = z.object({ timestamp: z.number(), draft: storedDraft });
const recordTime = z.object({ timestamp: z.number() });

/** The valid draft for `registrationId` (refreshing its timestamp), or null. */
export function readSessionRecord(
  storage: KeyValueStorage,
  registrationId: string | null,
  now: number,
): RegistrationDraft | null {
  const key = sessionRecordKey(registrationId);
  const record = readStored(key, sessionRecord, { storage });
  if (!record) return null;
  if (!(now - record.timestamp <= SESSION_TTL_MS) || record.draft.registrationId !== registrationId) {
    removeStored(key, { storage });
    return null;
  }
  saveSessionRecord(storage, record.draft, now);
  return record.draft;
}

/** The most recent valid record with an id (a visitor returning to the bare entry URL). */
export function latestSessionRecord(storage: Storage, now: number): RegistrationDraft | null {
  let best: { draft: RegistrationDraft; timestamp: number } | null = null;
  // Collected first: reading a record may remove or rewrite keys.
  for (const key of sessionRecordKeys(storage)) {
    if (key === sessionRecordKey(null)) continue;
    const stored = readStored(key, recordTime, { storage });
    if (stored && (!best || stored.timestamp > best.timestamp)) {
      const draft = readSessionRecord(storage, key.slice(SESSION_RECORD_PREFIX.length), now);
      if (draft) best = { draft, timestamp: stored.timestamp };
    }
  }
  return best?.draft ?? null;
}
