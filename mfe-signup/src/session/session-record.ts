import { type KeyValueStorage, readStored, removeStored, writeStored } from 'shared-ui/stored';
import * as z from 'zod/mini';
import { type RegistrationDraft, storedDraft } from './draft';

/**
 * The local session record of a registration (spec §3, §6): the draft under a key of
 * prefix + registration id, with a timestamp; valid for 15 minutes, refreshed when checked
 * or saved, removed (and not loaded) once expired. A draft without an id yet is kept under
 * the prefix + `new`.
 */
export const SESSION_RECORD_PREFIX = 'registration_session_';
export const SESSION_TTL_MS = 15 * 60 * 1000;
const NEW_DRAFT = 'new';

const sessionRecord = z.object({ timestamp: z.number(), draft: storedDraft });
type SessionRecord = z.infer<typeof sessionRecord>;
const recordTime = z.object({ timestamp: z.number() });

export const sessionRecordKey = (registrationId: string | null) =>
  SESSION_RECORD_PREFIX + (registrationId ?? NEW_DRAFT);

export function saveSessionRecord(storage: KeyValueStorage, draft: RegistrationDraft, now: number): void {
  const record: SessionRecord = { timestamp: now, draft };
  // Private mode or a full storage: the server copy still holds the registration.
  if (!writeStored(sessionRecordKey(draft.registrationId), record, { storage })) return;
  // Once the registration has its id, the id-less copy has served its purpose.
  if (draft.registrationId) removeStored(sessionRecordKey(null), { storage });
}

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

export function removeSessionRecord(storage: KeyValueStorage, registrationId: string | null): void {
  removeStored(sessionRecordKey(registrationId), { storage });
}

/** The most recent valid record with an id (a visitor returning to the bare entry URL). */
export function latestSessionRecord(storage: Storage, now: number): RegistrationDraft | null {
  let best: { draft: RegistrationDraft; timestamp: number } | null = null;
  // Collected first: reading a record may remove or rewrite keys.
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) keys.push(storage.key(i) ?? '');
  for (const key of keys) {
    if (!key.startsWith(SESSION_RECORD_PREFIX) || key === sessionRecordKey(null)) continue;
    const stored = readStored(key, recordTime, { storage });
    if (stored && (!best || stored.timestamp > best.timestamp)) {
      const draft = readSessionRecord(storage, key.slice(SESSION_RECORD_PREFIX.length), now);
      if (draft) best = { draft, timestamp: stored.timestamp };
    }
  }
  return best?.draft ?? null;
}
