import { startCountdown } from 'shared-ui/countdown';
import { create } from 'zustand';
import { lockoutDeadline, type ServerClock } from './countdown';

interface LockoutState {
  /** This device's clock when the lockout ends; null when not locked. */
  deadline: number | null;
  /** Seconds left, as shown; 0 when not locked. */
  seconds: number;
  /** Locks until the server's `lockedUntil`, read against the clock of the response that said it. */
  lockUntil(lockedUntil: string, clock: ServerClock): void;
  reset(): void;
}

let stop: (() => void) | undefined;

/**
 * The PIN lockout, one for the keypad and Cambiar PIN (the server counts failures of both
 * together), kept outside the views so switching view neither loses nor restarts it.
 */
export const useLockout = create<LockoutState>()((set) => ({
  deadline: null,
  seconds: 0,
  lockUntil(lockedUntil, clock) {
    stop?.();
    const deadline = lockoutDeadline(lockedUntil, clock);
    if (deadline === null) return;
    stop = startCountdown(deadline, (seconds) => set({ deadline: seconds > 0 ? deadline : null, seconds }));
  },
  reset() {
    stop?.();
    set({ deadline: null, seconds: 0 });
  },
}));
