// Apart from the hand-off schemas: the sign-up checks for a hand-over on its first screen, without zod.

/**
 * A registration handed from one page to the sign-up in the same tab (the tenant's account starts
 * one and opens it): the sign-up takes it up from the server only when it was handed over so, once.
 */
const HANDOVER_KEY = 'signup-handover';

export function handOver(registrationId: string): void {
  try {
    sessionStorage.setItem(HANDOVER_KEY, registrationId);
  } catch {
    // Storage refused (private mode): the sign-up asks for its code instead, as for any other.
  }
}

/** True, once, when `registrationId` was handed over in this tab. */
export function takeHandover(registrationId: string): boolean {
  try {
    const handed = sessionStorage.getItem(HANDOVER_KEY);
    if (handed !== registrationId) return false;
    sessionStorage.removeItem(HANDOVER_KEY);
    return true;
  } catch {
    return false;
  }
}
