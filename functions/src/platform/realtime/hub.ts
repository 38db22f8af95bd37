import type { Logger } from 'pino';
import { type RealtimeEvent, realtimeEvent } from 'shared-api';
import type { Database } from '../db';

const CHANGES_CHANNEL = 'registration_changes';

interface Listener {
  (event: RealtimeEvent): void;
  /** Changes may have been missed (the database connection was lost): the stream must start again. */
  lost?(): void;
}

/**
 * Fans the database's change notifications out to the open streams of this instance, by
 * registration id. On PostgreSQL every instance listens, so a change written by one instance
 * reaches the streams of all; on PGlite the notifications are in-process.
 */
export interface RealtimeHub {
  subscribe(registrationId: string, listener: Listener): Promise<() => void>;
  close(): Promise<void>;
}

export function createRealtimeHub(db: Database, log: Logger): RealtimeHub {
  const listeners = new Map<string, Set<Listener>>();
  let listening: Promise<() => Promise<void>> | null = null;

  const dispatch = (payload: string) => {
    let event: RealtimeEvent;
    try {
      event = realtimeEvent.parse(JSON.parse(payload));
    } catch (error) {
      log.warn({ err: error }, 'ignoring a malformed change notification');
      return;
    }
    const registrationListeners = event.registrationId ? listeners.get(event.registrationId) : undefined;
    for (const listener of registrationListeners ?? []) listener(event);
  };

  /**
   * The LISTEN connection was lost (a database restart): every open stream may have missed a
   * change, so each is told and ends; the browser reconnects and refetches the state (realtime.ts
   * in the sign-up). The next stream listens afresh, and says `connected` only once it listens.
   */
  const interrupted = () => {
    log.warn('change notifications interrupted: open streams are ended so that they start again');
    const lostConnection = listening;
    listening = null;
    void lostConnection?.then((stop) => stop()).catch(() => {});
    for (const set of listeners.values()) for (const listener of set) listener.lost?.();
  };

  const listen = () => {
    // The LISTEN connection opens with the first stream, not at start-up; one that could not
    // open (the database away) is tried again by the next stream.
    const attempt = db.listen(CHANGES_CHANNEL, dispatch, interrupted);
    attempt.catch(() => {
      if (listening === attempt) listening = null;
    });
    return attempt;
  };

  return {
    async subscribe(registrationId, listener) {
      listening ??= listen();
      await listening;
      let set = listeners.get(registrationId);
      if (!set) {
        set = new Set();
        listeners.set(registrationId, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(registrationId);
      };
    },
    async close() {
      listeners.clear();
      const stop = await listening?.catch(() => null);
      listening = null;
      await stop?.();
    },
  };
}
