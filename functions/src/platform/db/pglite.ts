import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable } from './database';
import type { SqlStatement } from './sql';

export async function openPglite(dataDir: string): Promise<Database> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir);
  const asQueryable = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query({ text, values }: SqlStatement) {
      const result = await target.query(text, values);
      return { rows: result.rows as never[] };
    },
    async exec(sql) {
      await target.exec(sql);
    },
  });
  return {
    kind: 'pglite',
    ...asQueryable(db),
    transaction: (work) => db.transaction((tx) => work(asQueryable(tx))),
    // PGlite delivers NOTIFY in-process: one embedded database, one service instance.
    listen: (channel, handler) => db.listen(channel, handler),
    close: () => db.close(),
  };
}
