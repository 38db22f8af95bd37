import type { Logger } from 'pino';
import type { Database, Queryable } from '../db';
import { sql } from '../db/sql';
import type { Clock } from './clock';
import { createPoller } from './poller';

interface JobRequest {
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
  /** The job's claim count at this claim: the fencing token (stillOurs). */
  claims: string;
  run_at: Date | string;
}

/** Thrown inside a job's transaction when another instance claimed the job meanwhile: rolls it back. */
class TakenOver extends Error {
  constructor() {
    super('the job was claimed again by another instance while it ran');
  }
}

/** Runs a job inside its own transaction; the job is done when that transaction commits. */
export type TransactionalJob = (tx: Queryable, payload: Record<string, unknown>) => Promise<void>;

/**
 * Work that waits on a provider (an SMTP server, an SMS gateway): it runs outside any transaction,
 * so no connection is held while the provider answers (PGlite has one), and at least once (a crash
 * after the provider accepted and before the job is marked done runs it again).
 */
export interface ExternalJob {
  external(payload: Record<string, unknown>, attempt: number): Promise<void>;
  /** Failed runs after which it is given up (`failed_at`); the queue's own limit otherwise. */
  maxAttempts?: number;
  /** The wait before the next attempt after `attempts` failed ones; the queue's back-off otherwise. */
  retryDelayMs?(attempts: number): number;
  /** Told once, after the last failed attempt. */
  gaveUp?(payload: Record<string, unknown>, error: unknown): Promise<void>;
}

/**
 * Many jobs of one kind in one transaction (a day's arrears checks of thousands of tenants: a
 * query each for all of them, not several per tenant). Should the batch fail, each job runs alone
 * through `one`, so a job that keeps failing holds up and gives up only itself.
 */
interface BatchJob {
  batch(tx: Queryable, payloads: Record<string, unknown>[]): Promise<void>;
  one: TransactionalJob;
}

export type JobHandler = TransactionalJob | ExternalJob | BatchJob;

const isBatch = (handler: JobHandler | undefined): handler is BatchJob =>
  typeof handler === 'object' && 'batch' in handler;

/**
 * Jobs claimed at a time, run one after another under one lease (60 s): few enough that the lease
 * covers the slowest (an invoice's PDF, an e-mail handed to SMTP) and other instances find work.
 * A batch kind's jobs run in one transaction, so more of them are claimed together.
 */
const CLAIM_SIZE = 10;
/** How long claims are renewed for one batch: longer than any job should take (a backup, an SMTP timeout). */
const MAX_RENEWAL_MS = 15 * 60_000;
const BATCH_CLAIM_SIZE = 50;

/** 5 s after the first failure, doubled after each one, at most an hour. */
const defaultRetryDelayMs = (attempts: number) => Math.min(3_600_000, 5_000 * 2 ** (Math.min(attempts, 20) - 1));

export interface JobQueue {
  /** Writes the job inside the caller's transaction: it exists exactly when the caller's work does. */
  schedule(q: Queryable, job: JobRequest): Promise<void>;
  /** Several jobs in one statement, as `schedule` writes each (a key given twice: the earliest). */
  scheduleMany(q: Queryable, jobs: JobRequest[]): Promise<void>;
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
}: JobQueueOptions): JobQueue {
  /** Batch kinds' due jobs first (up to 50 of them, one transaction), else up to 10 of any kind. */
  async function claim(): Promise<ClaimedJob[]> {
    // Read at each claim: the context fills its handlers in after the queue is made.
    const batchKinds = Object.keys(handlers).filter((kind) => isBatch(handlers[kind]));
    const batch = batchKinds.length ? await claimSome(BATCH_CLAIM_SIZE, batchKinds) : [];
    return batch.length ? batch : claimSome(CLAIM_SIZE, null);
  }

  // Due times and claims are both on the service clock: a test moves it instead of sleeping.
  async function claimSome(size: number, kinds: string[] | null): Promise<ClaimedJob[]> {
    const now = clock.now();
    const { rows } =
      await db.query<ClaimedJob>(sql`update jobs set attempts = attempts + 1, claims = claims + 1, claimed_until = ${new Date(now.getTime() + leaseMs)}
       where id in (
         select id from jobs
         where done_at is null and failed_at is null and run_at <= ${now}
           and (claimed_until is null or claimed_until < ${now})
           ${kinds ? sql`and kind = any(${kinds}::text[])` : sql``}
         order by run_at, id limit ${size}
         for update skip locked)
       returning id::text as id, kind, payload, attempts, claims::text as claims, run_at`);
    // RETURNING keeps no order: the jobs run in the order they fell due.
    const due = (job: ClaimedJob) => new Date(job.run_at).getTime();
    return rows.sort((a, b) => due(a) - due(b) || Number(a.id) - Number(b.id));
  }

  /**
   * The jobs as this instance claimed them: each claim adds one to `claims` (never reset, unlike
   * `attempts` after a rerun), so a job whose claim ran out and was claimed again elsewhere no
   * longer matches (a fencing token). The instance that lost it then records nothing: neither done
   * nor failed, nor a renewed claim.
   */
  const stillOurs = (jobs: ClaimedJob[]) =>
    sql`(id, claims) in (select * from unnest(${jobs.map((job) => job.id)}::bigint[], ${jobs.map((job) => job.claims)}::bigint[]))`;

  /**
   * Scheduled again while it ran: once more, now; otherwise done. Inside a job's transaction, a job
   * taken over meanwhile rolls the transaction back: the instance that has it now does its work.
   */
  async function finish(q: Queryable, jobs: ClaimedJob[]): Promise<void> {
    const { rows } = await q.query(sql`update jobs set claimed_until = null, last_error = null,
         done_at = case when rerun then null else ${clock.now()}::timestamptz end,
         run_at = case when rerun then ${clock.now()}::timestamptz else run_at end,
         attempts = case when rerun then 0 else attempts end,
         rerun = false
       where ${stillOurs(jobs)}
       returning id`);
    if (rows.length < jobs.length) throw new TakenOver();
  }

  async function run(job: ClaimedJob): Promise<boolean> {
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      if (typeof handler === 'function' || isBatch(handler)) {
        const one = typeof handler === 'function' ? handler : handler.one;
        await db.transaction(async (tx) => {
          await one(tx, job.payload);
          await finish(tx, [job]);
        });
      } else {
        await handler.external(job.payload, job.attempts);
        await finish(db, [job]);
      }
      return true;
    } catch (error) {
      if (error instanceof TakenOver) {
        log.warn(
          { jobId: job.id, kind: job.kind },
          'job taken over by another instance while it ran: its result is theirs',
        );
        return false;
      }
      const external = typeof handler === 'object' && !isBatch(handler) ? handler : null;
      const givenUp = job.attempts >= (external?.maxAttempts ?? maxAttempts);
      const delayMs = (external?.retryDelayMs ?? defaultRetryDelayMs)(job.attempts);
      log[givenUp ? 'error' : 'warn']({ err: error, jobId: job.id, kind: job.kind }, 'job failed');
      const now = clock.now();
      const { rows: recorded } =
        await db.query(sql`update jobs set claimed_until = null, last_error = ${error instanceof Error ? error.message : String(error)}, failed_at = case when ${givenUp}::boolean then ${now}::timestamptz else null end, run_at = ${new Date(now.getTime() + delayMs)}
         where ${stillOurs([job])}
         returning id`);
      if (recorded.length === 0) return false;
      if (givenUp) {
        await external
          ?.gaveUp?.(job.payload, error)
          .catch((err: unknown) => log.error({ err, jobId: job.id }, 'job give-up failed'));
      }
      return false;
    }
  }

  /** Jobs of a batch kind claimed together: one transaction for all, or one each if that fails. */
  async function runBatch(handler: BatchJob, jobs: ClaimedJob[]): Promise<number> {
    let alone = jobs;
    if (jobs.length > 1) {
      try {
        await db.transaction(async (tx) => {
          await handler.batch(
            tx,
            jobs.map((job) => job.payload),
          );
          await finish(tx, jobs);
        });
        return jobs.length;
      } catch (error) {
        if (error instanceof TakenOver) {
          // Some were claimed elsewhere meanwhile: theirs now. The rest run alone.
          const { rows } = await db.query<{ id: string }>(
            sql`select id::text as id from jobs where ${stillOurs(jobs)}`,
          );
          const ours = new Set(rows.map((row) => row.id));
          log.warn({ kind: jobs[0]?.kind, jobs: jobs.length, ours: ours.size }, 'job batch partly taken over');
          alone = jobs.filter((job) => ours.has(job.id));
        } else
          log.warn({ err: error, kind: jobs[0]?.kind, jobs: jobs.length }, 'job batch failed: each job runs alone');
      }
    }
    let ran = 0;
    for (const job of alone) if (await run(job)) ran++;
    return ran;
  }

  /**
   * While this instance works through what it claimed, its claims are renewed every third of the
   * lease: a slow job (a night's backup, an SMTP server that takes its time) and those waiting
   * behind it are never taken over by another instance while this one lives. A job that finished
   * or failed has no claim left to renew. After 15 minutes the renewals stop: a batch stuck that
   * long is let go, and another instance takes what is left. If the stuck one ever ends, its claim
   * no longer matches (`stillOurs`): a job's transaction rolls back, and what it sent outside (an
   * e-mail) is the only thing done twice.
   */
  function renewLeases(claimed: ClaimedJob[]): () => void {
    const ids = claimed.map((job) => job.id);
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started > MAX_RENEWAL_MS) {
        clearInterval(timer);
        log.warn({ jobs: ids }, 'claimed jobs still not done after 15 minutes: their claims are let go');
        return;
      }
      db.query(sql`update jobs set claimed_until = ${new Date(clock.now().getTime() + leaseMs)}
         where ${stillOurs(claimed)} and claimed_until is not null and done_at is null and failed_at is null`).catch(
        (error: unknown) => log.warn({ err: error }, 'job claims could not be renewed'),
      );
    }, leaseMs / 3);
    timer.unref();
    return () => clearInterval(timer);
  }

  async function runAll(): Promise<number> {
    let ran = 0;
    for (let claimed = await claim(); claimed.length > 0; claimed = await claim()) {
      const stopRenewing = renewLeases(claimed);
      try {
        const batches = new Map<string, ClaimedJob[]>();
        for (const job of claimed) {
          if (isBatch(handlers[job.kind])) batches.set(job.kind, [...(batches.get(job.kind) ?? []), job]);
          else if (await run(job)) ran++;
        }
        for (const [kind, jobs] of batches) ran += await runBatch(handlers[kind] as BatchJob, jobs);
      } finally {
        stopRenewing();
      }
    }
    return ran;
  }

  const poller = createPoller(runAll, { pollMs, log, what: 'job' });

  return {
    async schedule(q, { kind, payload = {}, runAt = clock.now(), key }) {
      await q.query(sql`insert into jobs (kind, payload, key, run_at) values (${kind}, ${JSON.stringify(payload)}, ${key ?? null}, ${runAt})
         on conflict (key) where done_at is null and failed_at is null
         do update set run_at = least(jobs.run_at, excluded.run_at), payload = excluded.payload,
           rerun = jobs.rerun or (jobs.claimed_until is not null and jobs.claimed_until > ${clock.now()})`);
    },
    async scheduleMany(q, jobs) {
      // One row per key (the earliest asked for): a statement may not update a row twice.
      const byKey = new Map<string, JobRequest>();
      const unkeyed: JobRequest[] = [];
      for (const job of jobs) {
        if (!job.key) unkeyed.push(job);
        else {
          const earlier = byKey.get(job.key);
          if (!earlier || (job.runAt ?? clock.now()) < (earlier.runAt ?? clock.now())) byKey.set(job.key, job);
        }
      }
      const rows = [...unkeyed, ...byKey.values()].map((job) => ({
        kind: job.kind,
        payload: job.payload ?? {},
        key: job.key ?? null,
        runAt: (job.runAt ?? clock.now()).toISOString(),
      }));
      if (!rows.length) return;
      await q.query(sql`insert into jobs (kind, payload, key, run_at)
         select j->>'kind', j->'payload', j->>'key', (j->>'runAt')::timestamptz
         from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) as j
         on conflict (key) where done_at is null and failed_at is null
         do update set run_at = least(jobs.run_at, excluded.run_at), payload = excluded.payload,
           rerun = jobs.rerun or (jobs.claimed_until is not null and jobs.claimed_until > ${clock.now()})`);
    },
    runDue: poller.runNow,
    wake: poller.wake,
    start: poller.start,
    stop: poller.stop,
  };
}

/**
 * Runs `work` in one transaction, then has the queue run at once what it scheduled there (the
 * messages it queued among them: their delivery is a job).
 */
export async function commitThenRun<T>(
  ctx: { db: Database; jobs: Pick<JobQueue, 'wake'> },
  work: (tx: Queryable) => Promise<T>,
): Promise<T> {
  const result = await ctx.db.transaction(work);
  ctx.jobs.wake();
  return result;
}
