import type { StaffMember } from 'shared-api/backoffice';
import { create } from 'zustand';

/**
 * Who is signed in. The session itself is an httpOnly cookie the page cannot read: `unknown`
 * until the server answers `me` (the server render and the first client render agree on it).
 */
interface StaffSession {
  status: 'unknown' | 'signed-out' | 'signed-in';
  staff: StaffMember | null;
  /** Signed out because the session ended (not by choice): the login says so. */
  expired: boolean;
  signIn(staff: StaffMember): void;
  signOut(options?: { expired?: boolean }): void;
}

export const useStaffSession = create<StaffSession>()((set, get) => ({
  status: 'unknown',
  staff: null,
  expired: false,
  signIn: (staff) => set({ status: 'signed-in', staff, expired: false }),
  signOut: ({ expired = false } = {}) =>
    set({ status: 'signed-out', staff: null, expired: expired && get().status === 'signed-in' }),
}));
