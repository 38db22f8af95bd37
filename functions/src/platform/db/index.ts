import type { FunctionsConfig } from '../../config';
import type { Database } from './database';
import { migrate } from './migrate';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

export type { Database, Queryable } from './database';

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(
  config: Pick<FunctionsConfig, 'DATABASE_URL' | 'PGLITE_DATA_DIR'>,
): Promise<Database> {
  const db = config.DATABASE_URL ? await openPostgres(config.DATABASE_URL) : await openPglite(config.PGLITE_DATA_DIR);
  await migrate(db);
  return db;
}
