import { ApiError, api } from 'shared-api';
import { create } from 'zustand';

type Status = 'checking' | 'signed-out' | 'signed-in' | 'unreachable';

interface AccountSession {
  status: Status;
  /** The e-mail or phone signed in with, masked by the server (`a***@example.com`). */
  contact: string | null;
  /** The e-mail and mobile on file. */
  contacts: { email: string; phone: string } | null;
  /** Why the sign-in form shows: a link that no longer works, a session that ended, signing out, a new contact. */
  reason: 'link-invalid' | 'expired' | 'signed-out' | 'contact-changed' | 'erased' | null;
  /** Asks the server whose session the cookie is (none: signed out). */
  check(): Promise<void>;
  /** A sign-in link opened: its secret for a session, then whose it is. */
  openLink(token: string): Promise<void>;
  signOut(): Promise<void>;
  /** A call answered 401: the session ended while the page was open. */
  ended(): void;
  /** A new e-mail or mobile counts now: every session of the old one ended, this one too. */
  contactChanged(shown: string): void;
  /** The tenant's data was erased: the account is gone with it. */
  erased(): void;
  /** The new contact, masked, after a change (the sign-in says it). */
  changedTo: string | null;
}

export const useAccountSession = create<AccountSession>((set, get) => ({
  status: 'checking',
  contact: null,
  contacts: null,
  reason: null,
  async check() {
    set({ status: 'checking' });
    try {
      const me = await api.account('me', {});
      set({ status: 'signed-in', contact: me.contact, contacts: { email: me.email, phone: me.phone }, reason: null });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) set({ status: 'signed-out', contact: null });
      else set({ status: 'unreachable' });
    }
  },
  async openLink(token) {
    set({ status: 'checking' });
    try {
      await api.account('verify_sign_in', { token });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        // An old link opened while signed in (from the e-mail, again) is no harm: the session stands.
        await get().check();
        if (get().status === 'signed-out') set({ reason: 'link-invalid' });
        return;
      }
      set({ status: 'unreachable' });
      return;
    }
    await get().check();
  },
  async signOut() {
    // Only once the server has ended it: a page saying "signed out" over a live session would leave
    // a shared phone signed in. A failure is the caller's to say.
    await api.account('sign_out', {});
    set({ status: 'signed-out', contact: null, contacts: null, reason: 'signed-out' });
  },
  changedTo: null,
  erased() {
    set({ status: 'signed-out', contact: null, contacts: null, reason: 'erased' });
  },
  contactChanged(shown) {
    set({ status: 'signed-out', contact: null, contacts: null, reason: 'contact-changed', changedTo: shown });
  },
  ended() {
    if (get().status === 'signed-in') set({ status: 'signed-out', contact: null, reason: 'expired' });
  },
}));
