import type { Database } from '../db';
import { sql } from '../db/sql';
import type { Clock } from '../jobs/clock';

/**
 * A due job still waiting after this long means the queue is stuck or swamped (it polls every
 * 5 s and is woken by every commit that schedules work).
 */
const QUEUE_LAG_LIMIT_SECONDS = 300;

interface Health {
  /** `ok`; `degraded` (serving, but something needs a person); `error` (the database is away: 503). */
  status: 'ok' | 'degraded' | 'error';
  node: string;
  database: { kind: Database['kind']; ok: boolean; ms: number };
  queue?: { due: number; oldestDueSeconds: number; givenUpLastDay: number };
  outbox?: { retrying: number; failedLastDay: number };
  documents?: { writable: boolean };
  /** What is degraded, in words, for whoever is on call. */
  problems: string[];
}

/** The database, the job queue's lag and given-up jobs, the messages that do not leave. */
export async function readHealth(
  db: Database,
  clock: Clock,
  /** Whether the documents folder takes a write now (uploads fail otherwise). */
  documentsWritable: () => Promise<boolean> = async () => true,
): Promise<Health> {
  const started = performance.now();
  const now = clock.now();
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const database = { kind: db.kind, ok: true, ms: 0 };
  try {
    const { rows: queue } = await db.query<{ due: number; oldest: number | null; given_up: number }>(
      sql`select count(*) filter (where done_at is null and failed_at is null and run_at <= ${now}
                                   and (claimed_until is null or claimed_until < ${now}))::int as due,
                 extract(epoch from ${now}::timestamptz - min(run_at) filter (where done_at is null and failed_at is null
                   and run_at <= ${now} and (claimed_until is null or claimed_until < ${now})))::float8 as oldest,
                 count(*) filter (where failed_at >= ${dayAgo})::int as given_up
          from jobs where done_at is null or failed_at >= ${dayAgo}`,
    );
    const { rows: outbox } = await db.query<{ retrying: number; failed: number }>(
      sql`select count(*) filter (where sent_at is null and failed_at is null and error is not null)::int as retrying,
                 count(*) filter (where failed_at >= ${dayAgo})::int as failed
          from outbox where (sent_at is null and failed_at is null) or failed_at >= ${dayAgo}`,
    );
    database.ms = Math.round(performance.now() - started);
    const q = {
      due: queue[0]?.due ?? 0,
      oldestDueSeconds: Math.round(queue[0]?.oldest ?? 0),
      givenUpLastDay: queue[0]?.given_up ?? 0,
    };
    const o = { retrying: outbox[0]?.retrying ?? 0, failedLastDay: outbox[0]?.failed ?? 0 };
    const documents = { writable: await documentsWritable() };
    const problems = [
      !documents.writable && 'the documents folder cannot be written: uploads are refused',
      q.oldestDueSeconds > QUEUE_LAG_LIMIT_SECONDS &&
        `${q.due} jobs due, the oldest waiting ${q.oldestDueSeconds} s: the queue is not keeping up`,
      q.givenUpLastDay > 0 && `${q.givenUpLastDay} jobs given up in the last day`,
      o.failedLastDay > 0 &&
        `${o.failedLastDay} messages could not be delivered in the last day (back-office: Messages)`,
      o.retrying > 0 && `${o.retrying} messages waiting to be tried again`,
    ].filter((problem): problem is string => typeof problem === 'string');
    return {
      status: problems.length ? 'degraded' : 'ok',
      node: process.version,
      database,
      queue: q,
      outbox: o,
      problems,
    };
  } catch {
    database.ok = false;
    database.ms = Math.round(performance.now() - started);
    return { status: 'error', node: process.version, database, problems: ['the database does not answer'] };
  }
}
