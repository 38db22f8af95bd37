import { useEffect, useEffectEvent } from 'react';
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

/** Back-off after the browser gave up on the stream: 1 s, 2 s, 4 s … at most 30 s. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;
const CLOSED = 2; // EventSource.CLOSED, readable without the global (a test DOM may have none).

/**
 * Follows the registration's changes over Server-Sent Events. The browser retries a dropped
 * stream by itself, but gives up for good (CLOSED) after an HTTP error or an outage longer
 * than its retry; then a new stream is opened with back-off, and its opening refetches.
 */
export function useRegistrationRealtime(registrationId: string | null, handlers: RealtimeHandlers): void {
  // Effect events: new handler functions on each render are no reason to reconnect.
  const onPayment = useEffectEvent(() => handlers.onPayment());
  const onContract = useEffectEvent(() => handlers.onContract());
  const onRegistration = useEffectEvent(() => handlers.onRegistration());
  const onReconnect = useEffectEvent(() => handlers.onReconnect());
  useEffect(() => {
    if (!registrationId || typeof EventSource === 'undefined') return;
    let contractsFollowed = false;
    const contractTimer = setTimeout(() => {
      contractsFollowed = true;
      onContract();
    }, CONTRACT_SUBSCRIPTION_DELAY_MS);
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let dropped = false;

    const connect = () => {
      const current = new EventSource(api.realtimeUrl(registrationId));
      source = current;
      current.onerror = () => {
        dropped = true;
        if (current.readyState !== CLOSED) return;
        current.close();
        const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** failures++);
        retryTimer = setTimeout(connect, delay);
      };
      current.onopen = () => {
        failures = 0;
        if (!dropped) return;
        dropped = false;
        onReconnect();
      };
      current.onmessage = (message) => {
        let event: ReturnType<typeof realtimeEvent.parse>;
        try {
          event = realtimeEvent.parse(JSON.parse(String(message.data)));
        } catch {
          return;
        }
        if (event.table === 'payments') onPayment();
        else if (event.table === 'registrations') onRegistration();
        else if (contractsFollowed) onContract();
      };
    };
    connect();
    return () => {
      clearTimeout(contractTimer);
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [registrationId]);
}
