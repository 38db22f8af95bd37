import {
  type ClientRateLimitInfo,
  type IncrementResponse,
  MemoryStore,
  type Options,
  type Store,
} from 'express-rate-limit';
import pg from 'pg';
import type { Logger } from 'pino';

/**
 * The gateway's rate limits kept in PostgreSQL (`gateway_rate_limits`, made by the functions
 * service's migrations), so that several gateways behind one address share them: a client
 * sending to two gateways gets the limit once, not twice. One row per key and window, counted in
 * one statement on the database's clock; expired rows are swept every minute. Without
 * GATEWAY_DATABASE_URL each gateway counts in its own memory (one gateway: the same thing).
 *
 * When the database cannot answer in time (away, or its pool swamped by a flood), a call is
 * counted in this gateway's memory instead: the limit holds per gateway rather than not at all.
 */
export function postgresRateLimits(connectionString: string, log: Logger) {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: 1_000,
    // A count that takes longer than this is not worth the wait: the memory counts instead.
    statement_timeout: 1_000,
    keepAlive: true,
  });
  let warnedAt = 0;
  const fellBack = (error: unknown) => {
    // Said once a minute, not once a call.
    if (Date.now() - warnedAt < 60_000) return;
    warnedAt = Date.now();
    log.warn({ err: error }, 'rate limits counted in this gateway only: their database did not answer');
  };
  // A connection the server closed is replaced at the next call (the limit then waits on it).
  pool.on('error', () => {});
  const sweep = setInterval(() => {
    pool
      .query(`delete from gateway_rate_limits where reset_at < now() - interval '1 minute'`)
      .catch((error: unknown) => log.warn({ err: error }, 'expired rate-limit rows could not be swept'));
  }, 60_000);
  sweep.unref();

  const info = (row: { hits: number; reset_at: Date } | undefined): ClientRateLimitInfo => ({
    totalHits: row?.hits ?? 0,
    resetTime: row?.reset_at ?? new Date(),
  });

  return {
    /** A store for one limiter: its keys under `prefix`, its window from its options. */
    store(prefix: string): Store {
      let windowMs = 60_000;
      const memory = new MemoryStore();
      const keyOf = (key: string) => `${prefix}:${key}`;
      /** The database's answer, or the memory's when it has none. */
      const either = async <T>(shared: () => Promise<T>, local: () => Promise<T> | T): Promise<T> => {
        try {
          return await shared();
        } catch (error) {
          fellBack(error);
          return local();
        }
      };
      return {
        prefix,
        localKeys: false,
        init(options: Options) {
          windowMs = options.windowMs;
          memory.init(options);
        },
        increment: (key): Promise<IncrementResponse> =>
          either(
            async () => {
              const { rows } = await pool.query<{ hits: number; reset_at: Date }>(
                `insert into gateway_rate_limits as r (key, hits, reset_at)
                   values ($1, 1, now() + $2 * interval '1 millisecond')
                 on conflict (key) do update set
                   hits = case when r.reset_at <= now() then 1 else r.hits + 1 end,
                   reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
                 returning hits, reset_at`,
                [keyOf(key), windowMs],
              );
              return info(rows[0]);
            },
            () => memory.increment(key),
          ),
        get: (key) =>
          either(
            async () => {
              const { rows } = await pool.query<{ hits: number; reset_at: Date }>(
                'select hits, reset_at from gateway_rate_limits where key = $1 and reset_at > now()',
                [keyOf(key)],
              );
              return rows[0] ? info(rows[0]) : undefined;
            },
            () => memory.get(key),
          ),
        decrement: (key) =>
          either(
            async () => {
              await pool.query(
                'update gateway_rate_limits set hits = greatest(hits - 1, 0) where key = $1 and reset_at > now()',
                [keyOf(key)],
              );
            },
            () => memory.decrement(key),
          ),
        resetKey: (key) =>
          either(
            async () => {
              await pool.query('delete from gateway_rate_limits where key = $1', [keyOf(key)]);
            },
            () => memory.resetKey(key),
          ),
        shutdown: () => memory.shutdown(),
      };
    },
    /** At start: the table is there and reachable, or the operator is told why limits are per gateway. */
    async check() {
      await pool.query('select 1 from gateway_rate_limits limit 1');
    },
    async close() {
      clearInterval(sweep);
      await pool.end();
    },
  };
}

export type SharedRateLimits = ReturnType<typeof postgresRateLimits>;
