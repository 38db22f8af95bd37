import type { CountryCode } from 'libphonenumber-js/max';
import type { Queryable } from '../platform/db';
import { mobileNumber } from '../platform/phone-numbers';
import type { Outbox } from './outbox';

interface Sms {
  to: string;
  text: string;
}

/**
 * Text messages, written to the outbox inside the caller's transaction. No SMS provider is
 * reachable here, so the outbox is the delivery; a provider is a `Transport` for the `sms`
 * channel of the outbox's delivery (adapters/outbox-delivery.ts).
 */
export interface SmsSender {
  /** Returns the outbox id, or null when the number may not be texted (nothing is written). */
  queue(sms: Sms, tx?: Queryable): Promise<string | null>;
}

/**
 * The last guard against toll fraud, whatever function asks: a text goes only to a mobile number
 * of the allowed countries (SMS_COUNTRIES), in E.164; any other number is skipped and logged,
 * never sent to a premium or foreign range.
 */
export function outboxSms(
  outbox: Outbox,
  countries: readonly CountryCode[],
  log: { warn(obj: object, msg: string): void },
): SmsSender {
  return {
    queue: async (sms, tx) => {
      const to = mobileNumber(sms.to, countries);
      if (!to) {
        log.warn({ channel: 'sms' }, 'text not sent: not a mobile number of an allowed country');
        return null;
      }
      return outbox.enqueue({ channel: 'sms', recipient: to, body: sms.text }, tx);
    },
  };
}
