import { useEffect, useRef } from 'react';
import { api, realtimeEvent } from 'shared-api';

/** The contract subscription starts half a second after the others (spec §7). */
export const CONTRACT_SUBSCRIPTION_DELAY_MS = 500;

export interface RealtimeHandlers {
  onPayment(): void;
  onContract(): void;
  onRegistration(): void;
  /** After a dropped connection came back: anything may have changed meanwhile. */
  onReconnect(): void;
}

/** Follows the registration's changes over Server-Sent Events; the browser reconnects by itself. */
export function useRegistrationRealtime(registrationId: string | null, handlers: RealtimeHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (!registrationId || typeof EventSource === 'undefined') return;
    let contractsFollowed = false;
    const contractTimer = setTimeout(() => {
      contractsFollowed = true;
      latest.current.onContract();
    }, CONTRACT_SUBSCRIPTION_DELAY_MS);
    const source = new EventSource(api.realtimeUrl(registrationId));
    let dropped = false;
    source.onerror = () => {
      dropped = true;
    };
    source.onopen = () => {
      if (!dropped) return;
      dropped = false;
      latest.current.onReconnect();
    };
    source.onmessage = (message) => {
      let event: ReturnType<typeof realtimeEvent.parse>;
      try {
        event = realtimeEvent.parse(JSON.parse(String(message.data)));
      } catch {
        return;
      }
      if (event.table === 'payments') latest.current.onPayment();
      else if (event.table === 'registrations') latest.current.onRegistration();
      else if (contractsFollowed) latest.current.onContract();
    };
    return () => {
      clearTimeout(contractTimer);
      source.close();
    };
  }, [registrationId]);
}
