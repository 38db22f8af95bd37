import type { Queryable } from '../db';
import type { Outbox } from './outbox';

export interface Sms {
  to: string;
  text: string;
}

/**
 * Text messages, written to the outbox inside the caller's transaction. No SMS provider is
 * reachable here, so the outbox is the delivery; a provider is a `Transport` for the `sms`
 * channel of the outbox's delivery (adapters/outbox-delivery.ts).
 */
export interface SmsSender {
  /** Returns the outbox id. */
  queue(sms: Sms, tx?: Queryable): Promise<string>;
}

export function outboxSms(outbox: Outbox): SmsSender {
  return {
    queue: (sms, tx) => outbox.enqueue({ channel: 'sms', recipient: sms.to, body: sms.text }, tx),
  };
}
