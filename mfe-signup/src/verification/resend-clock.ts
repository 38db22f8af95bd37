import { create } from 'zustand';
import { RESEND_COOLDOWN_MS } from './codes';

type Channel = 'email' | 'sms';

interface ResendClock {
  /** When each channel of each registration may resend (epoch ms). */
  availableAt: Record<string, Partial<Record<Channel, number>>>;
  start(registrationId: string, channel: Channel, ms?: number): void;
}

/** Outlives the verification screen, which remounts when the URL gains `proceso`. */
export const useResendClock = create<ResendClock>()((set) => ({
  availableAt: {},
  start: (registrationId, channel, ms = RESEND_COOLDOWN_MS) =>
    set((state) => ({
      availableAt: {
        ...state.availableAt,
        [registrationId]: { ...state.availableAt[registrationId], [channel]: Date.now() + ms },
      },
    })),
}));
