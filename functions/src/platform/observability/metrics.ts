import type { Request, RequestHandler } from 'express';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db';
import { type SqlStatement, sql } from '../db/sql';
import type { Clock } from '../jobs/clock';

/**
 * The service's Prometheus metrics, at `/metrics` on its own port (the gateway never forwards
 * it): requests and their latency per function, the job queue's depth and failures, the
 * messages that fail, and the process's own (memory, CPU, event-loop lag). Queue and outbox
 * figures are read from the database at each scrape: the same for every instance, and true
 * across restarts.
 */
export function createMetrics(db: Database, clock: Clock, functionNames: string[], basePath: string) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const known = [...functionNames].sort((a, b) => b.length - a.length);
  /** The function a request called, or `other`: labels never grow with what clients send. */
  const functionOf = (req: Request) => {
    const rest = req.path.startsWith(`${basePath}/`) ? req.path.slice(basePath.length + 1) : null;
    return (rest !== null && known.find((name) => rest === name || rest.startsWith(`${name}/`))) || 'other';
  };

  const requests = new Counter({
    name: 'functions_requests_total',
    help: 'Requests answered, by function, method and status class',
    labelNames: ['function', 'method', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'functions_request_duration_seconds',
    help: 'Time to answer, by function',
    labelNames: ['function'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  /**
   * A gauge read from the database: when the database does not answer it is left out of that
   * scrape (and counted), so the process's own metrics still come through an outage.
   */
  const unreadable = new Counter({
    name: 'metrics_unreadable_total',
    help: 'Gauges that could not be read from the database at a scrape',
    registers: [registry],
  });
  const fromDatabase = <G extends Gauge<string>>(read: (gauge: G) => Promise<void>) =>
    async function (this: G) {
      try {
        await read(this);
      } catch {
        this.reset();
        unreadable.inc();
      }
    };

  /** Jobs counted by kind, those `which` picks (at the scrape's time on the service clock). */
  const jobsPerKind = (name: string, help: string, which: (now: Date) => SqlStatement) =>
    new Gauge({
      name,
      help,
      labelNames: ['kind'] as const,
      registers: [registry],
      collect: fromDatabase(async (gauge) => {
        const { rows } = await db.query<{ kind: string; n: number }>(
          sql`select kind, count(*)::int as n from jobs where ${which(clock.now())} group by kind`,
        );
        gauge.reset();
        for (const row of rows) gauge.set({ kind: row.kind }, row.n);
      }),
    });
  jobsPerKind(
    'jobs_due',
    'Jobs due now and not yet running, by kind (the queue depth)',
    (now) => sql`done_at is null and failed_at is null and run_at <= ${now}
                 and (claimed_until is null or claimed_until < ${now})`,
  );
  new Gauge({
    name: 'jobs_oldest_due_seconds',
    help: 'How long the oldest due job not yet running has waited',
    registers: [registry],
    collect: fromDatabase(async (gauge) => {
      const now = clock.now();
      const { rows } = await db.query<{ oldest: number | null }>(
        sql`select extract(epoch from ${now}::timestamptz - min(run_at))::float8 as oldest from jobs
            where done_at is null and failed_at is null and run_at <= ${now}
              and (claimed_until is null or claimed_until < ${now})`,
      );
      gauge.set(Math.max(0, rows[0]?.oldest ?? 0));
    }),
  });
  new Gauge({
    name: 'jobs_running',
    help: 'Jobs claimed by an instance and running now (or waiting behind one in its batch)',
    registers: [registry],
    collect: fromDatabase(async (gauge) => {
      const now = clock.now();
      const { rows } = await db.query<{ n: number }>(
        sql`select count(*)::int as n from jobs where done_at is null and failed_at is null and claimed_until >= ${now}`,
      );
      gauge.set(rows[0]?.n ?? 0);
    }),
  });
  jobsPerKind(
    'jobs_retrying',
    'Jobs that failed and wait for another attempt, by kind',
    () => sql`done_at is null and failed_at is null and last_error is not null`,
  );
  jobsPerKind('jobs_given_up', 'Jobs given up after their last attempt, by kind', () => sql`failed_at is not null`);
  new Gauge({
    name: 'outbox_messages',
    help: 'Messages not sent, by channel and state: waiting (no attempt yet, or no provider), retrying (an attempt failed), failed (given up)',
    labelNames: ['channel', 'state'] as const,
    registers: [registry],
    collect: fromDatabase(async (gauge) => {
      const { rows } = await db.query<{ channel: string; state: string; n: number }>(
        sql`select channel, case when failed_at is not null then 'failed' when error is not null then 'retrying' else 'waiting' end as state,
                   count(*)::int as n
            from outbox where (sent_at is null and failed_at is null) or failed_at is not null group by 1, 2`,
      );
      gauge.reset();
      for (const row of rows) gauge.set({ channel: row.channel, state: row.state }, row.n);
    }),
  });

  const measure: RequestHandler = (req, res, next) => {
    const stop = latency.startTimer();
    res.on('finish', () => {
      const name = functionOf(req);
      stop({ function: name });
      requests.inc({ function: name, method: req.method, status: `${Math.floor(res.statusCode / 100)}xx` });
    });
    next();
  };
  return { registry, measure };
}
