import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database';
import { sql } from './sql';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * An arbitrary constant: every instance takes the same lock so two never migrate at once (and a
 * restore holds it, so none starts on a database being filled).
 */
export const MIGRATION_LOCK = 7_301_944;

/**
 * Applies the plain-SQL files of `dir` in name order, each once, each in its own transaction.
 * Returns the names applied by this call.
 */
export async function migrate(db: Database, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const applied: string[] = [];
  await db.exclusively(MIGRATION_LOCK, async () => {
    await db.query(sql`create table if not exists schema_migrations (
      name text primary key,
      applied_at timestamptz not null default now()
    )`);
    const done = new Set(
      (await db.query<{ name: string }>(sql`select name from schema_migrations`)).rows.map((r) => r.name),
    );
    for (const file of files) {
      if (done.has(file)) continue;
      const script = await readFile(path.join(dir, file), 'utf8');
      await db.transaction(async (tx) => {
        await tx.exec(script);
        await tx.query(sql`insert into schema_migrations (name) values (${file})`);
      });
      applied.push(file);
    }
  });
  return applied;
}
