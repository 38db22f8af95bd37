import type { Logger } from 'pino';
import type { Queryable } from '../platform/db';
import { sql } from '../platform/db/sql';

type DoorAction = 'ENTRADA' | 'SALIDA';

/** What actually opens the door. */
export interface DoorRelay {
  pulse(action: DoorAction, userId: string): Promise<void>;
}

/** Default: a simulated relay that records each pulse (and logs it). */
export function simulatedRelay(db: Queryable, log: Logger): DoorRelay {
  return {
    async pulse(action, userId) {
      await db.query(sql`insert into door_relay_pulses (door_action, user_id) values (${action}, ${userId})`);
      log.info({ action, userId }, 'simulated door relay pulse');
    },
  };
}

/** A relay controller on the network: POST {action} to DOOR_RELAY_URL, 5 s to answer. */
export function httpRelay(url: string): DoorRelay {
  return {
    async pulse(action) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ action }),
        signal: AbortSignal.timeout(5_000),
      });
      if (!response.ok) throw new Error(`relay answered ${response.status}`);
    },
  };
}
