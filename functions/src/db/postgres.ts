import pg from 'pg';
import type { Database, Queryable } from './database';

export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // Fail at start-up, not on the first visitor's request.
  await pool.query('select 1');
  const asQueryable = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query(sql, params) {
      const result = await client.query(sql, params);
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
    close: () => pool.end(),
  };
}
