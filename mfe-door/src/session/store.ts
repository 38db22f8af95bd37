import { type DoorUser, doorUser } from 'shared-api';
import { readStored, removeStored, writeStored } from 'shared-ui/stored';
import * as z from 'zod/mini';
import { create } from 'zustand';
import { useDoorLanguage } from '../language/store';

/**
 * The door session in the browser: a revocable token and the user. Deliberately no password
 * (the original kept it in localStorage for auto-login).
 */
export const TOKEN_KEY = 'abridor_token';
const storedToken = z.string().check(z.minLength(1));
export const USER_KEY = 'abridor_user';

interface SessionState {
  token: string | null;
  user: DoorUser | null;
  /**
   * False for a session read from storage until the server has answered for it: until then its
   * user (maybe the admin, maybe revoked) is not shown.
   */
  verified: boolean;
  /**
   * False until the stored session has been read, after the first render: the server cannot
   * read it, and the browser's first render must be the server's (hydration).
   */
  restored: boolean;
  restore(): void;
  signIn(token: string, user: DoorUser): void;
  /** The server vouched for the stored token: its answer is the user now. */
  confirm(user: DoorUser): void;
  /** The server could not be asked (offline): the stored session stands; the next action will tell. */
  trustStored(): void;
  signOut(): void;
}

function store(token: string, user: DoorUser): void {
  // Storage disabled: the session lasts this visit.
  writeStored(TOKEN_KEY, token, { text: true });
  writeStored(USER_KEY, user);
}

function readStoredSession(): { token: string | null; user: DoorUser | null } {
  // Whatever an older version left behind, a password is never kept.
  removeStored('abridor_password');
  const token = readStored(TOKEN_KEY, storedToken, { text: true });
  const user = readStored(USER_KEY, doorUser);
  return token && user ? { token, user } : { token: null, user: null };
}

export const useSession = create<SessionState>()((set, get) => ({
  token: null,
  user: null,
  verified: false,
  restored: false,
  restore() {
    set({ ...readStoredSession(), verified: false, restored: true });
  },
  signIn(token, user) {
    store(token, user);
    // Whoever signs in is spoken to in their language (a tenant's sign-up's), whatever the last chose.
    useDoorLanguage.getState().choose(user.language);
    set({ token, user, verified: true, restored: true });
  },
  confirm(user) {
    const { token } = get();
    if (token) store(token, user);
    set({ user, verified: true });
  },
  trustStored() {
    set({ verified: true });
  },
  signOut() {
    removeStored(TOKEN_KEY);
    removeStored(USER_KEY);
    set({ token: null, user: null, verified: false, restored: true });
  },
}));
