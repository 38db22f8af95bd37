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
    async close() {
      closing = true;
      const open = [...listeners];
      listeners.clear();
      await Promise.all(open.map((client) => client.end().catch(() => {})));
      await pool.end();
    },
  };
}
