import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
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
    async snapshot(file) {
      // The copy is taken while no statement runs (PGlite's own lock, one thread): what a crash at
      // that instant would leave, which the restored database recovers from like any restart. A
      // checkpoint first leaves it little to replay.
      await db.exec('checkpoint');
      const tarball = await db.dumpDataDir('gzip');
      await writeFile(file, Buffer.from(await tarball.arrayBuffer()), { mode: 0o600 });
    },
    // One process has the folder (serving.ts): nobody to take turns with.
    exclusively: (_key, work) => work(),
    close: () => db.close(),
  };
}

/** Makes the data folder `dataDir` (missing or empty) from a `snapshot`. */
export async function restorePglite(dataDir: string, snapshot: Uint8Array): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir, {
    loadDataDir: new Blob([snapshot as Uint8Array<ArrayBuffer>], { type: 'application/x-gzip' }),
  });
  await db.query('select 1');
  await db.close();
}
