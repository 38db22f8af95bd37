import type { Logger } from 'pino';
import type { Database, Queryable } from '../db';
import type { Clock } from './clock';
import { createPoller } from './poller';

export interface JobRequest {
  kind: string;
  payload?: Record<string, unknown>;
  /** On the service clock; now when absent. */
  runAt?: Date;
  /** At most one pending job per key: a second request runs it earlier, or once more if running. */
  key?: string;
}

interface ClaimedJob extends Record<string, unknown> {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
}

/** Runs a job inside its own transaction; the job is done when that transaction commits. */
export type JobHandler = (tx: Queryable, payload: Record<string, unknown>) => Promise<void>;

export interface JobQueue {
  /** Writes the job inside the caller's transaction: it exists exactly when the caller's work does. */
  schedule(q: Queryable, job: JobRequest): Promise<void>;
  /** Runs every job due now on the clock; resolves to how many ran. */
  runDue(): Promise<number>;
  /** A commit just scheduled work, or the clock moved: run what is due now. */
  wake(): void;
  start(): void;
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  db: Database;
  log: Logger;
  clock: Clock;
  handlers: Record<string, JobHandler>;
  /** A crashed instance's claim runs out after this; another instance runs the job. */
  leaseMs?: number;
  maxAttempts?: number;
  pollMs?: number;
  /** After a job's transaction committed (the outbox delivers what it queued). */
  onCommitted?: () => void;
}

/**
 * A Postgres-backed job queue that runs on both engines (PGlite has one connection and no
 * second process to run a pg-boss or graphile-worker daemon; their schedules are on the
 * database's clock, which a test cannot move). Jobs are rows written in the transaction that
 * decides them; a poller claims due rows with FOR UPDATE SKIP LOCKED, so several instances share
 * the work and a restart loses nothing; each job's effects and its completion commit together.
 */
export function createJobQueue({
  db,
  log,
  clock,
  handlers,
  leaseMs = 60_000,
  maxAttempts = 8,
  pollMs = 5_000,
  onCommitted,
}: JobQueueOptions): JobQueue {
  async function claim(): Promise<ClaimedJob[]> {
    const { rows } = await db.query<ClaimedJob>(
      `update jobs set attempts = attempts + 1, claimed_until = now() + make_interval(secs => $2)
       where id in (
         select id from jobs
         where done_at is null and failed_at is null and run_at <= $1
           and (claimed_until is null or claimed_until < now())
         order by run_at, id limit 10
         for update skip locked)
       returning id::text as id, kind, payload, attempts`,
      [clock.now(), leaseMs / 1000],
    );
    return rows;
  }

  async function run(job: ClaimedJob): Promise<boolean> {
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await db.transaction(async (tx) => {
        await handler(tx, job.payload);
        // Scheduled again while it ran: once more, now; otherwise done.
        await tx.query(
          `update jobs set claimed_until = null, last_error = null,
             done_at = case when rerun then null else now() end,
             run_at = case when rerun then $2 else run_at end,
             attempts = case when rerun then 0 else attempts end,
             rerun = false
           where id = $1`,
          [job.id, clock.now()],
        );
      });
      onCommitted?.();
      return true;
    } catch (error) {
      const givenUp = job.attempts >= maxAttempts;
      log[givenUp ? 'error' : 'warn']({ err: error, jobId: job.id, kind: job.kind }, 'job failed');
      await db.query(
        `update jobs set claimed_until = null, last_error = $2,
           failed_at = case when $3 then now() else null end,
           run_at = $4::timestamptz + make_interval(secs => least(3600, 5 * power(2, least(attempts, 20) - 1)))
         where id = $1`,
        [job.id, error instanceof Error ? error.message : String(error), givenUp, clock.now()],
      );
      return false;
    }
  }

  async function runAll(): Promise<number> {
    let ran = 0;
    for (let batch = await claim(); batch.length > 0; batch = await claim()) {
      for (const job of batch) if (await run(job)) ran++;
    }
    return ran;
  }

  const poller = createPoller(runAll, { pollMs, log, what: 'job' });

  return {
    async schedule(q, { kind, payload = {}, runAt = clock.now(), key }) {
      await q.query(
        `insert into jobs (kind, payload, key, run_at) values ($1, $2, $3, $4)
         on conflict (key) where done_at is null and failed_at is null
         do update set run_at = least(jobs.run_at, excluded.run_at), payload = excluded.payload,
           rerun = jobs.rerun or (jobs.claimed_until is not null and jobs.claimed_until > now())`,
        [kind, JSON.stringify(payload), key ?? null, runAt],
      );
    },
    runDue: poller.runNow,
    wake: poller.wake,
    start: poller.start,
    stop: poller.stop,
  };
}
