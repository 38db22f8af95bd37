import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Database, Queryable } from './database';
import type { SqlStatement } from './sql';

export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
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
      try {
        await client.query('begin');
        const result = await work(asQueryable(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
    async listen(channel, handler) {
      // LISTEN needs a connection of its own for as long as it listens; a lost one is replaced.
      let stopped = false;
      let current: pg.Client | null = null;
      const connect = async (): Promise<void> => {
        const client = new pg.Client({ connectionString });
        client.on('notification', (message) => {
          if (message.channel === channel) handler(message.payload ?? '');
        });
        client.on('error', () => {});
        client.on('end', () => {
          listeners.delete(client);
          if (!stopped && !closing) setTimeout(() => void connect().catch(() => {}), 1_000);
        });
        await client.connect();
        await client.query(`listen ${pg.escapeIdentifier(channel)}`);
        current = client;
        listeners.add(client);
      };
      await connect();
      return async () => {
        stopped = true;
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
 * libpq's variables for a connection URL: the password never appears on a command line, which
 * every user of the machine can read.
 */
function libpqEnvironment(connectionString: string): NodeJS.ProcessEnv {
  const url = new URL(connectionString);
  const env: NodeJS.ProcessEnv = {
    PGHOST: url.hostname.replace(/^\[|\]$/g, '') || 'localhost',
    PGPORT: url.port || '5432',
    PGDATABASE: decodeURIComponent(url.pathname.slice(1)) || 'postgres',
  };
  if (url.username) env.PGUSER = decodeURIComponent(url.username);
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  const sslmode = url.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

/** Runs pg_dump or pg_restore against the database of `connectionString`; its own message on failure. */
async function runPgTool(
  binDir: string | undefined,
  tool: 'pg_dump' | 'pg_restore',
  args: string[],
  connectionString: string,
) {
  const command = binDir ? path.join(binDir, tool) : tool;
  try {
    await run(command, args, {
      env: { PATH: process.env.PATH, ...libpqEnvironment(connectionString) },
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    const { code, stderr } = error as NodeJS.ErrnoException & { stderr?: string };
    if (code === 'ENOENT')
      throw new Error(`${tool} was not found${binDir ? ` in ${binDir}` : ' on the PATH'} (PG_BIN_DIR)`);
    throw new Error(`${tool} failed: ${String(stderr ?? (error as Error).message).trim()}`);
  }
}

/** Loads a `snapshot` into the database of `connectionString`, which must have no tables yet. */
export async function restorePostgres(connectionString: string, file: string, binDir?: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const { rows } = await client.query<{ tables: number }>(
      "select count(*)::int as tables from information_schema.tables where table_schema = 'public'",
    );
    if ((rows[0]?.tables ?? 0) > 0) {
      throw new Error('The target database already has tables: restore into an empty database');
    }
  } finally {
    await client.end();
  }
  // The database by name; where it is, and who connects, come from libpq's variables.
  const database = libpqEnvironment(connectionString).PGDATABASE ?? 'postgres';
  await runPgTool(
    binDir,
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${database}`, file],
    connectionString,
  );
}
