import { type KeyValueStorage, removeStored, writeStored } from 'shared-ui/stored';
import type { RegistrationDraft } from './draft';

/**
 * The local session record of a registration (spec §3, §6): the draft under a key of
 * prefix + registration id, with a timestamp; valid for 15 minutes, refreshed when checked
 * or saved, removed (and not loaded) once expired. A draft without an id yet is kept under
 * the prefix + `new`. Written here; read back (and checked) in stored-drafts.ts, which the
 * wizard loads only when this device holds a record.
 */
export const SESSION_RECORD_PREFIX = 'registration_session_';
export const SESSION_TTL_MS = 15 * 60 * 1000;
const NEW_DRAFT = 'new';

export interface SessionRecord {
  timestamp: number;
  draft: RegistrationDraft;
}

export const sessionRecordKey = (registrationId: string | null) =>
  SESSION_RECORD_PREFIX + (registrationId ?? NEW_DRAFT);

export function saveSessionRecord(storage: KeyValueStorage, draft: RegistrationDraft, now: number): void {
  const record: SessionRecord = { timestamp: now, draft };
  // Private mode or a full storage: the server copy still holds the registration.
  if (!writeStored(sessionRecordKey(draft.registrationId), record, { storage })) return;
  // Once the registration has its id, the id-less copy has served its purpose.
  if (draft.registrationId) removeStored(sessionRecordKey(null), { storage });
}

export function removeSessionRecord(storage: KeyValueStorage, registrationId: string | null): void {
  removeStored(sessionRecordKey(registrationId), { storage });
}

/** The keys of this device's session records, whatever they hold (read before any is checked). */
export function sessionRecordKeys(storage: Pick<Storage, 'length' | 'key'>): string[] {
  const keys: string[] = [];
  try {
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(SESSION_RECORD_PREFIX)) keys.push(key);
    }
  } catch {
    // Storage refused (private mode): nothing kept on this device.
  }
  return keys;
}
