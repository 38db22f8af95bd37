import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Database, Queryable } from './database';
import type { SqlStatement } from './sql';

export async function openPostgres(connectionString: string): Promise<Database> {
  // A server that cannot be reached fails a new connection in 5 s instead of holding the call for
  // ever; TCP keep-alive finds a connection whose server vanished without a word (a host frozen,
  // a firewall's idle cut) in about a minute, where the kernel alone would take a quarter of an hour.
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: 5_000,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // An idle connection the server closed (a restart) is dropped by the pool and replaced at the
  // next call; without a listener its error would end the process.
  pool.on('error', () => {});
  const listeners = new Set<pg.Client>();
  let closing = false;
  // Fail at start-up, not on the first visitor's request.
  await pool.query('select 1');
  const asQueryable = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query({ text, values }: SqlStatement) {
      const result = await client.query(text, values);
      return { rows: result.rows };
    },
    async exec(sql) {
      // Without parameters pg uses the simple protocol, which accepts several statements.
      await client.query(sql);
    },
  });
  return {
    kind: 'postgres',
    ...asQueryable(pool),
    async transaction(work) {
      const client = await pool.connect();
      // The pool listens for errors of idle connections only: one lost while checked out (between
      // two statements) must not end the process; its next statement fails instead.
      const lost = () => {};
      client.on('error', lost);
      let result: Awaited<ReturnType<typeof work>>;
      try {
        await client.query('begin');
        result = await work(asQueryable(client));
        await client.query('commit');
      } catch (error) {
        // A connection lost mid-transaction cannot roll back: it is destroyed, not given back to
        // the pool, and the caller hears the first error.
        const broken = await client.query('rollback').then(
          () => undefined,
          (rollbackError: Error) => rollbackError,
        );
        client.off('error', lost);
        client.release(broken);
        throw error;
      }
      client.off('error', lost);
      client.release();
      return result;
    },
    async listen(channel, handler, onInterrupted) {
      // LISTEN needs a connection of its own for as long as it listens. A lost one (a server
      // restart) is replaced, trying again every second and then less often; notifications sent
      // meanwhile are lost, which `onInterrupted` tells the listener at once.
      let stopped = false;
      let current: pg.Client | null = null;
      let retry: ReturnType<typeof setTimeout> | undefined;
      const connect = async (): Promise<void> => {
        const client = new pg.Client({
          connectionString,
          connectionTimeoutMillis: 5_000,
          keepAlive: true,
          keepAliveInitialDelayMillis: 10_000,
        });
        client.on('notification', (message) => {
          if (message.channel === channel) handler(message.payload ?? '');
        });
        client.on('error', () => {});
        try {
          await client.connect();
          await client.query(`listen ${pg.escapeIdentifier(channel)}`);
        } catch (error) {
          await client.end().catch(() => {});
          throw error;
        }
        client.on('end', () => {
          listeners.delete(client);
          if (stopped || closing) return;
          onInterrupted?.();
          reconnect(0);
        });
        current = client;
        listeners.add(client);
      };
      const reconnect = (failures: number) => {
        retry = setTimeout(
          () => {
            if (stopped || closing) return;
            connect().catch(() => reconnect(failures + 1));
          },
          Math.min(30_000, 1_000 * 2 ** Math.min(failures, 5)),
        );
      };
      await connect();
      return async () => {
        stopped = true;
        clearTimeout(retry);
        const client = current as pg.Client | null;
        if (client) {
          listeners.delete(client);
          await client.end().catch(() => {});
        }
      };
    },
    async snapshot(file, { binDir } = {}) {
      // pg_dump reads one snapshot of the database (repeatable read): consistent while it serves.
      await runPgTool(
        binDir,
        'pg_dump',
        ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`],
        connectionString,
      );
    },
    async exclusively(key, work) {
      const holder = await pool.connect();
      const lost = () => {};
      holder.on('error', lost);
      try {
        await holder.query('select pg_advisory_lock($1)', [key]);
        try {
          return await work();
        } finally {
          await holder.query('select pg_advisory_unlock($1)', [key]).catch(() => {});
        }
      } finally {
        holder.off('error', lost);
        holder.release();
      }
    },
    async close() {
      closing = true;
      const open = [...listeners];
      listeners.clear();
      await Promise.all(open.map((client) => client.end().catch(() => {})));
      await pool.end();
    },
  };
}

const run = promisify(execFile);

/**
 * The database's URL for libpq without its password, which goes in PGPASSWORD: the command line
 * is readable by every user of the machine. libpq reads the URL as node-pg does (the database
 * defaults to the user's name, `host` and `ssl*` parameters kept), so pg_dump reads the very
 * database the service uses.
 */
function withoutPassword(connectionString: string): { url: string; password: string | undefined } {
  const url = new URL(connectionString);
  const password = url.password ? decodeURIComponent(url.password) : undefined;
  url.password = '';
  return { url: url.toString(), password };
}

/** Runs pg_dump or pg_restore against the database of `connectionString`; its own message on failure. */
async function runPgTool(
  binDir: string | undefined,
  tool: 'pg_dump' | 'pg_restore',
  args: string[],
  connectionString: string,
) {
  const command = binDir ? path.join(binDir, tool) : tool;
  const { url, password } = withoutPassword(connectionString);
  try {
    await run(command, [...args, `--dbname=${url}`], {
      env: { ...process.env, ...(password === undefined ? {} : { PGPASSWORD: password }) },
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    const { code, stderr } = error as NodeJS.ErrnoException & { stderr?: string };
    if (code === 'ENOENT') {
      throw new Error(`${tool} was not found${binDir ? ` in ${binDir}` : ' on the PATH'} (PG_BIN_DIR)`);
    }
    throw new Error(`${tool} failed: ${String(stderr ?? (error as Error).message).trim()}`);
  }
}

/** Whether the database of `connectionString` has no table yet: the only kind a restore fills. */
export async function postgresIsEmpty(connectionString: string): Promise<boolean> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const { rows } = await client.query<{ tables: number }>(
      "select count(*)::int as tables from information_schema.tables where table_schema = 'public'",
    );
    return (rows[0]?.tables ?? 0) === 0;
  } finally {
    await client.end();
  }
}

/** Loads a `snapshot` into the database of `connectionString` (empty: `postgresIsEmpty`), in one transaction. */
export async function restorePostgres(connectionString: string, file: string, binDir?: string): Promise<void> {
  await runPgTool(
    binDir,
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', file],
    connectionString,
  );
}

/** Empties a database `restorePostgres` filled (it had no tables before): a failed restore leaves none. */
export async function emptyRestoredPostgres(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('drop schema public cascade; create schema public');
  } finally {
    await client.end();
  }
}
