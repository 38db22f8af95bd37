import { HANDOFF_PARAM, type ReceivedHandoff } from 'shared-api';
import type { RegistrationDraft } from '../session/draft';
import { sessionRecordKeys } from '../session/session-record';
import { useDraft } from '../session/store';

/** What the landing reads from this device and the URL, each checked before it is believed. */
export interface DeviceReads {
  /** `productos`, read by the one hand-off parser. */
  selection: ReceivedHandoff | null;
  /** The registration this device was last filling in, if its record is still fresh. */
  savedRegistrationId: string | null;
  /** The fresh record of one registration on this device, if any. */
  record(registrationId: string): RegistrationDraft | null;
}

const NOTHING_KEPT: DeviceReads = { selection: null, savedRegistrationId: null, record: () => null };

function deviceStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

type DeviceChecks = typeof import('./device-checks');
let checksLoad: Promise<DeviceChecks> | undefined;

/** The checks' chunk, fetched once (again after a failure: Retry must be able to fetch it). */
function loadDeviceChecks(): Promise<DeviceChecks> {
  checksLoad ??= import(/* webpackChunkName: "device-checks" */ './device-checks').catch((error: unknown) => {
    checksLoad = undefined;
    throw error;
  });
  return checksLoad;
}

/**
 * Fetches the checks ahead, once the visitor starts typing: the record that typing writes is read
 * at the next landing (Next, a reload), which then needs no round trip.
 */
export function prefetchDeviceChecks(): void {
  loadDeviceChecks().catch(() => {
    // Fetched again when a landing needs it.
  });
}

/**
 * The checks are zod schemas (stored-drafts.ts and the hand-off's): they load only when there is
 * something to check, so a first visit's sign-up opens without them. The wizard's first landing
 * (`takeUnsaved`) also takes up the draft typed before the registration existed (a reload
 * mid-typing), unless the wizard already holds a registration.
 */
export async function readDevice(params: URLSearchParams, now: number, takeUnsaved: boolean): Promise<DeviceReads> {
  const storage = deviceStorage();
  const kept = storage !== null && sessionRecordKeys(storage).length > 0 ? storage : null;
  if (!kept && !params.has(HANDOFF_PARAM)) return NOTHING_KEPT;
  const checks = await loadDeviceChecks();
  if (takeUnsaved && kept && !useDraft.getState().draft.registrationId) {
    // Into the store at once: a landing cancelled meanwhile (StrictMode runs effects twice)
    // must not lose it.
    const unsaved = checks.readSessionRecord(kept, null, now);
    if (unsaved) useDraft.getState().replace(unsaved);
  }
  return {
    selection: checks.readHandoff(params),
    savedRegistrationId: kept ? (checks.latestSessionRecord(kept, now)?.registrationId ?? null) : null,
    record: (registrationId) => (kept ? checks.readSessionRecord(kept, registrationId, now) : null),
  };
}
