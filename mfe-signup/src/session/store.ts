import { create } from 'zustand';
import { emptyDraft, type RegistrationDraft } from './draft';
import { saveSessionRecord } from './session-record';

interface DraftState {
  draft: RegistrationDraft;
  update(changes: Partial<RegistrationDraft>): void;
  replace(draft: RegistrationDraft): void;
  reset(): void;
}

/**
 * The draft being edited; every change is mirrored in its local session record. It starts empty:
 * the landing takes up what this device kept (wizard/device.ts), checked, before a step shows.
 */
export const useDraft = create<DraftState>()((set) => ({
  draft: emptyDraft(),
  update: (changes) => set((state) => ({ draft: { ...state.draft, ...changes } })),
  replace: (draft) => set({ draft }),
  reset: () => set({ draft: emptyDraft() }),
}));

useDraft.subscribe((state, previous) => {
  if (state.draft !== previous.draft && typeof localStorage !== 'undefined') {
    saveSessionRecord(localStorage, state.draft, Date.now());
  }
});

/** Session storage flags of spec §3. */
export const RESET_FLAG = 'reset_registration';
export const PENDING_RECOVERY = 'pending_recovery_id';
/** Set beside PENDING_RECOVERY when the registration is finished: the recovery screen says so. */
export const RECOVERY_OF_COMPLETED = 'pending_recovery_completed';
/**
 * The e-mail and phone for which the visitor chose "Start new process": the next check for
 * an existing registration is skipped for them, or they could never start again.
 */
export const START_NEW_FOR = 'signup_start_new_for';

export function sessionFlag(name: string): string | null {
  try {
    return sessionStorage.getItem(name);
  } catch {
    return null;
  }
}

export function setSessionFlag(name: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(name);
    else sessionStorage.setItem(name, value);
  } catch {
    // Without session storage the flag is simply not kept.
  }
}
