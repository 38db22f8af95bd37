import type { Logger } from 'pino';
import type { Database, Queryable } from '../platform/db';
import { createPoller } from '../platform/jobs/poller';
import { type Attachment, attachmentsOf, type OutboxChannel } from './outbox';

/** A message as the delivery reads it back from its row. */
export type OutgoingMessage = {
  id: string;
  channel: OutboxChannel;
  recipient: string;
  subject: string | null;
  body: string;
  /** This claim included. */
  attempts: number;
  attachments: Attachment[];
};

/** Sends one message through a provider (SMTP, an SMS gateway); throws when it was not accepted. */
export type Transport = (message: OutgoingMessage) => Promise<void>;

export interface RetryPolicy {
  /** Wait after the first failure; doubled after each further one. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Failures after which the message is given up (`failed_at`). */
  maxAttempts: number;
}

export const DEFAULT_RETRY: RetryPolicy = { baseDelayMs: 10_000, maxDelayMs: 3_600_000, maxAttempts: 8 };

/** Back-off before the next attempt, after `attempts` failed ones. */
export function retryDelayMs(attempts: number, policy: RetryPolicy): number {
  return Math.min(policy.baseDelayMs * 2 ** Math.max(0, attempts - 1), policy.maxDelayMs);
}

export interface OutboxDeliveryOptions {
  db: Database;
  log: Logger;
  /** Channels without a transport are delivered by the outbox itself (read in development). */
  transports: Partial<Record<OutboxChannel, Transport>>;
  retry?: RetryPolicy;
  /** How long a claim lasts: a crashed instance's messages are retried after it. */
  leaseMs?: number;
  /** Messages older than this are not sent any more (a day-old code helps nobody). */
  maxAgeMs?: number;
  batchSize?: number;
  pollMs?: number;
}

export interface OutboxDelivery {
  /** Claims due messages and hands them to their transport; resolves to how many were sent. */
  runOnce(): Promise<number>;
  /** A commit just wrote messages: deliver them now instead of at the next poll. */
  wake(): void;
  start(): void;
  stop(): Promise<void>;
}

/**
 * The outbox's poller. Claims are short transactions (`FOR UPDATE SKIP LOCKED`, on PGlite and
 * PostgreSQL alike), so several instances share the work and no connection is held while a
 * provider answers. Delivery is at least once: a crash after a provider accepted a message and
 * before its row is marked sends it again when the claim runs out.
 */
export function createOutboxDelivery({
  db,
  log,
  transports,
  retry = DEFAULT_RETRY,
  leaseMs = 60_000,
  maxAgeMs = 24 * 3_600_000,
  batchSize = 10,
  pollMs = 2_000,
}: OutboxDeliveryOptions): OutboxDelivery {
  const channels = (Object.keys(transports) as OutboxChannel[]).filter((channel) => transports[channel]);
  async function expireStale() {
    await db.query(
      `update outbox set failed_at = now(), error = coalesce(error || '; ', '') || 'expired before delivery'
       where sent_at is null and failed_at is null and channel = any($1::text[])
         and created_at < now() - make_interval(secs => $2)`,
      [channels, maxAgeMs / 1000],
    );
  }

  async function claim(): Promise<Omit<OutgoingMessage, 'attachments'>[]> {
    const { rows } = await db.query<Omit<OutgoingMessage, 'attachments'>>(
      `update outbox set attempts = attempts + 1, claimed_until = now() + make_interval(secs => $2)
       where id in (
         select id from outbox
         where sent_at is null and failed_at is null and channel = any($1::text[])
           and next_attempt_at <= now() and (claimed_until is null or claimed_until < now())
         order by id limit $3
         for update skip locked)
       returning id::text as id, channel, recipient, subject, body, attempts`,
      [channels, leaseMs / 1000, batchSize],
    );
    return rows;
  }

  async function settle(message: Pick<OutgoingMessage, 'id' | 'channel' | 'attempts'>, error: unknown) {
    if (error === null) {
      await db.query('update outbox set sent_at = now(), claimed_until = null, error = null where id = $1', [
        message.id,
      ]);
      return;
    }
    const reason = error instanceof Error ? error.message : String(error);
    const givenUp = message.attempts >= retry.maxAttempts;
    log[givenUp ? 'error' : 'warn'](
      { err: error, outboxId: message.id, channel: message.channel, attempts: message.attempts },
      givenUp ? 'outbox message given up' : 'outbox delivery failed; will retry',
    );
    await db.query(
      givenUp
        ? 'update outbox set failed_at = now(), claimed_until = null, error = $2 where id = $1'
        : `update outbox set claimed_until = null, error = $2,
             next_attempt_at = now() + make_interval(secs => $3) where id = $1`,
      givenUp ? [message.id, reason] : [message.id, reason, retryDelayMs(message.attempts, retry) / 1000],
    );
  }

  async function deliverDue(): Promise<number> {
    if (channels.length === 0) return 0;
    await expireStale();
    let sent = 0;
    for (let batch = await claim(); batch.length > 0; batch = await claim()) {
      for (const message of batch) {
        const transport = transports[message.channel];
        let failure: unknown = null;
        try {
          if (!transport) throw new Error(`no transport for ${message.channel}`);
          await transport({ ...message, attachments: await attachmentsOf(db, message.id) });
          sent++;
        } catch (error) {
          failure = error ?? new Error('delivery failed');
        }
        await settle(message, failure);
      }
    }
    return sent;
  }

  const poller = createPoller(deliverDue, { pollMs, log, what: 'outbox delivery' });
  return {
    runOnce: poller.runNow,
    wake: poller.wake,
    start() {
      if (channels.length > 0) poller.start();
    },
    stop: poller.stop,
  };
}

/**
 * Runs `work` in one transaction, then has the outbox deliver what it queued there and the job
 * queue run what it scheduled.
 */
export async function withDelivery<T>(
  ctx: { db: Database; delivery: OutboxDelivery; jobs?: { wake(): void } },
  work: (tx: Queryable) => Promise<T>,
): Promise<T> {
  const result = await ctx.db.transaction(work);
  ctx.delivery.wake();
  ctx.jobs?.wake();
  return result;
}
