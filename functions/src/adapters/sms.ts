import type { Queryable } from '../db';
import type { Outbox } from './outbox';

export interface Sms {
  to: string;
  text: string;
}

/**
 * Text messages. The default writes them to the outbox only (no SMS provider is reachable
 * here); a provider adapter implements the same two calls and sends in `deliver`.
 */
export interface SmsSender {
  /** Writes the message inside the caller's transaction; returns its outbox id. */
  queue(sms: Sms, tx?: Queryable): Promise<string>;
  /** After commit: hands the queued messages to the provider, if there is one. */
  deliver(outboxIds: string[]): Promise<void>;
}

export function outboxSms(outbox: Outbox): SmsSender {
  return {
    queue: (sms, tx) => outbox.enqueue({ channel: 'sms', recipient: sms.to, body: sms.text }, tx),
    deliver: async () => {},
  };
}
