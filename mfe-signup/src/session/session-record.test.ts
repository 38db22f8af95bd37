import { beforeEach, describe, expect, it } from 'vitest';
import { emptyDraft } from './draft';
import { SESSION_TTL_MS, saveSessionRecord, sessionRecordKey } from './session-record';
import { latestSessionRecord, readSessionRecord } from './stored-drafts';

const id = '6f1c1b9e-2d7a-4d0e-9a53-0c3a1f0b2e11';
const draft = { ...emptyDraft(), registrationId: id, fullName: 'Ana' };

describe('local session record', () => {
  beforeEach(() => localStorage.clear());

  it('is stored under the prefix and the registration id, with a timestamp', () => {
    saveSessionRecord(localStorage, draft, 1_000);
    expect(JSON.parse(localStorage.getItem(`registration_session_${id}`) ?? '')).toMatchObject({
      timestamp: 1_000,
      draft: { fullName: 'Ana' },
    });
  });

  it('is valid for 15 minutes and refreshed when checked', () => {
    saveSessionRecord(localStorage, draft, 0);
    expect(readSessionRecord(localStorage, id, SESSION_TTL_MS)?.fullName).toBe('Ana');
    // Checked at 15 min, so valid again until 30 min.
    expect(readSessionRecord(localStorage, id, 2 * SESSION_TTL_MS)?.fullName).toBe('Ana');
  });

  it('is removed and not loaded once expired', () => {
    saveSessionRecord(localStorage, draft, 0);
    expect(readSessionRecord(localStorage, id, SESSION_TTL_MS + 1)).toBeNull();
    expect(localStorage.getItem(sessionRecordKey(id))).toBeNull();
  });

  it('ignores and removes corrupt or foreign data', () => {
    localStorage.setItem(sessionRecordKey(id), '{"timestamp":1,"draft":{"fullName":3}}');
    expect(readSessionRecord(localStorage, id, 2)).toBeNull();
    expect(localStorage.getItem(sessionRecordKey(id))).toBeNull();
    localStorage.setItem(sessionRecordKey(id), 'not json');
    expect(readSessionRecord(localStorage, id, 2)).toBeNull();
  });

  it('replaces the id-less draft once the registration has an id', () => {
    saveSessionRecord(localStorage, { ...draft, registrationId: null }, 0);
    expect(readSessionRecord(localStorage, null, 1)?.fullName).toBe('Ana');
    saveSessionRecord(localStorage, draft, 2);
    expect(localStorage.getItem(sessionRecordKey(null))).toBeNull();
  });

  it('finds the latest valid registration for the bare entry URL', () => {
    const other = '0b7e8f2a-1111-4c4c-8888-000000000000';
    saveSessionRecord(localStorage, { ...draft, registrationId: other, fullName: 'Old' }, 0);
    saveSessionRecord(localStorage, draft, 10);
    expect(latestSessionRecord(localStorage, 20)?.fullName).toBe('Ana');
    localStorage.clear();
    saveSessionRecord(localStorage, draft, 10);
    expect(latestSessionRecord(localStorage, 10 + SESSION_TTL_MS + 1)).toBeNull();
    expect(localStorage.length).toBe(0);
  });
});
