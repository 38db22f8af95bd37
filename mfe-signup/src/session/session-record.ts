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

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

interface SessionRecord {
  timestamp: number;
  draft: RegistrationDraft;
}

export const sessionRecordKey = (registrationId: string | null) =>
  SESSION_RECORD_PREFIX + (registrationId ?? NEW_DRAFT);

export function saveSessionRecord(storage: KeyValueStorage, draft: RegistrationDraft, now: number): void {
  const record: SessionRecord = { timestamp: now, draft };
  try {
    storage.setItem(sessionRecordKey(draft.registrationId), JSON.stringify(record));
    // Once the registration has its id, the id-less copy has served its purpose.
    if (draft.registrationId) storage.removeItem(sessionRecordKey(null));
  } catch {
    // Private mode or a full storage: the server copy still holds the registration.
  }
}

/** The valid draft for `registrationId` (refreshing its timestamp), or null. */
export function readSessionRecord(
  storage: KeyValueStorage,
  registrationId: string | null,
  now: number,
): RegistrationDraft | null {
  const key = sessionRecordKey(registrationId);
  let raw: string | null = null;
  try {
    raw = storage.getItem(key);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const parsed = JSON.parse(raw) as { timestamp?: unknown; draft?: unknown };
    const draft = storedDraft.safeParse(parsed.draft);
    const timestamp = typeof parsed.timestamp === 'number' ? parsed.timestamp : Number.NaN;
    if (!draft.success || !(now - timestamp <= SESSION_TTL_MS) || draft.data.registrationId !== registrationId) {
      storage.removeItem(key);
      return null;
    }
    saveSessionRecord(storage, draft.data, now);
    return draft.data;
  } catch {
    storage.removeItem(key);
    return null;
  }
}

export function removeSessionRecord(storage: KeyValueStorage, registrationId: string | null): void {
  try {
    storage.removeItem(sessionRecordKey(registrationId));
  } catch {
    // Nothing to remove from a storage we cannot reach.
  }
}

/** The most recent valid record with an id (a visitor returning to the bare entry URL). */
export function latestSessionRecord(storage: Storage, now: number): RegistrationDraft | null {
  let best: { draft: RegistrationDraft; timestamp: number } | null = null;
  // Collected first: reading a record may remove or rewrite keys.
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) keys.push(storage.key(i) ?? '');
  for (const key of keys) {
    if (!key.startsWith(SESSION_RECORD_PREFIX) || key === sessionRecordKey(null)) continue;
    try {
      const parsed = JSON.parse(storage.getItem(key) ?? '') as { timestamp?: number };
      if (typeof parsed.timestamp === 'number' && (!best || parsed.timestamp > best.timestamp)) {
        const draft = readSessionRecord(storage, key.slice(SESSION_RECORD_PREFIX.length), now);
        if (draft) best = { draft, timestamp: parsed.timestamp };
      }
    } catch {
      // A foreign value under our prefix is ignored.
    }
  }
  return best?.draft ?? null;
}
