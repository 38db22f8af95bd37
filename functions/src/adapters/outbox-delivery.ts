import type { Logger } from 'pino';
import type { Database, Queryable } from '../platform/db';
import { type SqlStatement, sql } from '../platform/db/sql';
import type { Clock } from '../platform/jobs/clock';
import type { ExternalJob, JobQueue } from '../platform/jobs/queue';
import { type Attachment, attachmentsOf, type OnQueued, type OutboxChannel } from './outbox';

/** The job kind that sends one outbox message through its channel's provider. */
export const DELIVERY_JOB = 'outbox.deliver';

/** A message as the delivery reads it back from its row. */
type OutgoingMessage = {
  id: string;
  channel: OutboxChannel;
  recipient: string;
  subject: string | null;
  body: string;
  /** An e-mail's HTML part, when it has one. */
  html: string | null;
  /** This attempt included. */
  attempts: number;
  attachments: Attachment[];
};

/** Sends one message through a provider (SMTP, an SMS gateway); throws when it was not accepted. */
export type Transport = (message: OutgoingMessage) => Promise<void>;
export type Transports = Partial<Record<OutboxChannel, Transport>>;

export interface RetryPolicy {
  /** Wait after the first failure; doubled after each further one. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Failures after which the message is given up (`failed_at`). */
  maxAttempts: number;
}

const DEFAULT_RETRY: RetryPolicy = { baseDelayMs: 10_000, maxDelayMs: 3_600_000, maxAttempts: 8 };
/** Messages not sent within this are not sent any more (a day-old code helps nobody). */
const MAX_MESSAGE_AGE_MS = 24 * 3_600_000;

/** Back-off before the next attempt, after `attempts` failed ones. */
export function retryDelayMs(attempts: number, policy: RetryPolicy): number {
  return Math.min(policy.baseDelayMs * 2 ** Math.max(0, attempts - 1), policy.maxDelayMs);
}

/**
 * The outbox's hook: a message on a channel with a provider gets its delivery job in the same
 * transaction, so it is sent exactly when its sender's work commits. Channels without one are
 * delivered by the outbox itself (read in development and tests).
 */
export function scheduleDelivery({
  jobs,
  clock,
  transports,
  maxAgeMs = MAX_MESSAGE_AGE_MS,
}: {
  jobs: Pick<JobQueue, 'schedule'>;
  clock: Clock;
  transports: Transports;
  maxAgeMs?: number;
}): OnQueued {
  return async (tx, { id, channel }) => {
    if (!transports[channel]) return;
    const expiresAt = new Date(clock.now().getTime() + maxAgeMs).toISOString();
    await jobs.schedule(tx, { kind: DELIVERY_JOB, payload: { outboxId: id, expiresAt }, key: `${DELIVERY_JOB}:${id}` });
  };
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Delivery as a job of the service's one queue: claimed with `FOR UPDATE SKIP LOCKED` (several
 * instances share the work, a crashed one's claim runs out and another retries), run outside any
 * transaction, retried with back-off on the service clock, and given up after the last attempt
 * with the reason on the message's row, where the back-office shows it. At least once: a crash
 * after a provider accepted a message and before it was marked sends it again.
 */
export function deliveryJob({
  db,
  log,
  clock,
  transports,
  retry = DEFAULT_RETRY,
}: {
  db: Database;
  log: Logger;
  clock: Clock;
  transports: Transports;
  retry?: RetryPolicy;
}): ExternalJob {
  const mark = (q: Queryable, id: string, set: SqlStatement) => q.query(sql`update outbox set ${set} where id = ${id}`);
  return {
    maxAttempts: retry.maxAttempts,
    retryDelayMs: (attempts) => retryDelayMs(attempts, retry),
    async external(payload, attempt) {
      const id = String(payload.outboxId);
      const { rows } = await db.query<
        Omit<OutgoingMessage, 'attachments' | 'attempts'> & { open: boolean }
      >(sql`select id::text as id, channel, recipient, subject, body, html, sent_at is null and failed_at is null as open
         from outbox where id = ${id}`);
      const message = rows[0];
      if (!message?.open) return;
      // No provider for its channel (any more): the outbox itself is the delivery.
      const transport = transports[message.channel];
      if (!transport) return;
      const expiresAt = typeof payload.expiresAt === 'string' ? Date.parse(payload.expiresAt) : Number.NaN;
      if (!(clock.now().getTime() <= expiresAt)) {
        await mark(
          db,
          id,
          sql`failed_at = ${clock.now()}, error = coalesce(error || '; ', '') || 'expired before delivery'`,
        );
        return;
      }
      await mark(db, id, sql`attempts = ${attempt}`);
      try {
        await transport({ ...message, attempts: attempt, attachments: await attachmentsOf(db, id) });
      } catch (error) {
        log.warn({ err: error, outboxId: id, channel: message.channel, attempts: attempt }, 'outbox delivery failed');
        await mark(db, id, sql`error = ${reasonOf(error)}`);
        throw error;
      }
      await mark(db, id, sql`sent_at = ${clock.now()}, error = null`);
    },
    async gaveUp(payload, error) {
      const id = String(payload.outboxId);
      log.error({ err: error, outboxId: id }, 'outbox message given up');
      await mark(db, id, sql`failed_at = ${clock.now()}, error = ${reasonOf(error)}`);
    },
  };
}
