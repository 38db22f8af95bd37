import { beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyDraft } from '../session/draft';
import { saveSessionRecord, sessionRecordKey } from '../session/session-record';
import { useDraft } from '../session/store';
import { readDevice } from './device';

// Counts the loads of the zod half: a first visit's sign-up must open without it.
const checks = vi.hoisted(() => ({ loads: 0 }));
vi.mock('./device-checks', async (importOriginal) => {
  checks.loads += 1;
  return importOriginal();
});

const id = '6f1c1b9e-2d7a-4d0e-9a53-0c3a1f0b2e11';
const now = 1_000_000;
const typed = { ...emptyDraft(), fullName: 'Ana López', city: 'Málaga' };

describe('what the landing reads from this device', () => {
  beforeEach(() => {
    // In this order: the store mirrors every change of its draft into a record.
    useDraft.getState().replace(emptyDraft());
    localStorage.clear();
  });

  // First: the module cache would hide a load made by a later test.
  it('reads nothing and loads no checks when nothing is kept and no choice came with the link', async () => {
    localStorage.setItem('calculator-list', '[]');
    const device = await readDevice(new URLSearchParams('periodo=monthly'), now, true);
    expect(device).toMatchObject({ selection: null, savedRegistrationId: null });
    expect(device.record(id)).toBeNull();
    expect(checks.loads).toBe(0);
  });

  it('checks the calculator choice in the link', async () => {
    const params = new URLSearchParams({ productos: JSON.stringify({ productId: 204, unitsRequired: 2 }) });
    expect((await readDevice(params, now, true)).selection).toEqual({ productId: '204', unitsRequired: 2 });
    expect(checks.loads).toBe(1);
    const broken = new URLSearchParams({ productos: '{"unitsRequired":2}' });
    expect((await readDevice(broken, now, true)).selection).toBeNull();
  });

  it('takes up the draft typed before the registration existed, on the first landing only', async () => {
    saveSessionRecord(localStorage, typed, now - 1000);
    await readDevice(new URLSearchParams(), now, false);
    expect(useDraft.getState().draft.fullName).toBe('');
    await readDevice(new URLSearchParams(), now, true);
    expect(useDraft.getState().draft).toMatchObject({ fullName: 'Ana López', city: 'Málaga' });
  });

  it('leaves an expired or corrupt draft behind, and a wizard that holds a registration alone', async () => {
    saveSessionRecord(localStorage, typed, now - 16 * 60 * 1000);
    await readDevice(new URLSearchParams(), now, true);
    expect(useDraft.getState().draft.fullName).toBe('');
    expect(localStorage.getItem(sessionRecordKey(null))).toBeNull();

    localStorage.setItem(sessionRecordKey(null), '{"timestamp":1,"draft":{"fullName":3}}');
    await readDevice(new URLSearchParams(), now, true);
    expect(useDraft.getState().draft.fullName).toBe('');

    // (The store's own record of Eva's registration removes the id-less one: written after it.)
    useDraft.getState().replace({ ...emptyDraft(), registrationId: id, fullName: 'Eva' });
    saveSessionRecord(localStorage, typed, now);
    await readDevice(new URLSearchParams(), now, true);
    expect(useDraft.getState().draft.fullName).toBe('Eva');
  });

  it('names the registration last filled in here, and reads one by its id', async () => {
    saveSessionRecord(localStorage, { ...typed, registrationId: id }, now - 1000);
    const device = await readDevice(new URLSearchParams(), now, false);
    expect(device.savedRegistrationId).toBe(id);
    expect(device.record(id)?.fullName).toBe('Ana López');
    expect(device.record('another')).toBeNull();
  });
});
