import type { SqlStatement } from './sql';

/** The one database seam: PGlite (embedded) and PostgreSQL (`pg`) speak the same SQL behind it. */
export interface Queryable {
  /** A statement written with the `sql` tag (./sql.ts), the only way: its parameters where they are used. */
  query<Row extends Record<string, unknown> = Record<string, unknown>>(
    statement: SqlStatement,
  ): Promise<{ rows: Row[] }>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: everything or nothing is written. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls `handler` with the payload of every NOTIFY on `channel` (from any connection, any
   * instance of the service on PostgreSQL); resolves to the function that stops listening.
   * `onInterrupted`: the listening connection was lost (it is being replaced), so notifications
   * may have been missed.
   */
  listen(channel: string, handler: (payload: string) => void, onInterrupted?: () => void): Promise<() => Promise<void>>;
  /**
   * Writes a consistent copy of the whole database to `file` while it keeps serving: PGlite's own
   * data folder as a gzipped tar, or `pg_dump`'s custom format (`binDir`: where pg_dump is).
   */
  snapshot(file: string, options?: { binDir?: string }): Promise<void>;
  /**
   * Runs `work` while holding the advisory lock `key` (PostgreSQL: on one connection of its own
   * for the whole time, so that the unlock is that connection's; PGlite: one process anyway).
   * Instances starting together take turns: migrations, the first accounts.
   */
  exclusively<T>(key: number, work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
