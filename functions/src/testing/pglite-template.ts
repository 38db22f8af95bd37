import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MIGRATIONS_DIR, migrate } from '../platform/db/migrate';
import { openPglite } from '../platform/db/pglite';

/** node_modules/.cache of the repository: gone with a fresh install, never committed. */
const CACHE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../node_modules/.cache/trasteros');
const PREFIX = 'pglite-migrated-';

/** The installed PGlite's version (its package.json is not among its exports). */
function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (manifest.name === '@electric-sql/pglite' && manifest.version) return manifest.version;
  }
  throw new Error('@electric-sql/pglite: its package.json was not found');
}

/** What the migrated folder depends on: every migration, the code that applies them, PGlite's version. */
function fingerprint(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(file).update(readFileSync(path.join(MIGRATIONS_DIR, file)));
  }
  for (const code of ['../platform/db/migrate.ts', '../platform/db/pglite.ts']) {
    hash.update(readFileSync(fileURLToPath(new URL(code, import.meta.url))));
  }
  hash.update(pgliteVersion());
  return hash.digest('hex').slice(0, 16);
}

/** A run that started before a migration changed may still be copying the older folder. */
const KEPT_FOR_MS = 24 * 60 * 60 * 1000;

/**
 * Folders made for other migrations a day ago or more, and half-made ones a run left when it was
 * stopped, are of no further use.
 */
function forgetOldFolders(current: string) {
  for (const name of readdirSync(CACHE)) {
    if (name === current || !(name.startsWith(PREFIX) || name.startsWith('.making-'))) continue;
    const folder = path.join(CACHE, name);
    if (Date.now() - statSync(folder).mtimeMs >= KEPT_FOR_MS) rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * A PGlite data folder with every migration applied, for tests and journeys to copy (never to open:
 * it stays as made). A new PGlite runs initdb and the migrations, 6 to 9 s of CPU on 2 cores; a
 * copy opens in about one. It is made once per set of migrations and PGlite version and kept
 * between runs; two runs making it at once each make their own and the first rename wins.
 */
export async function migratedPgliteFolder(): Promise<string> {
  const key = fingerprint();
  const folder = path.join(CACHE, `${PREFIX}${key}`);
  if (existsSync(folder)) return folder;
  mkdirSync(CACHE, { recursive: true });
  const making = path.join(CACHE, `.making-${randomUUID()}`);
  try {
    const db = await openPglite(making);
    await migrate(db);
    await db.close();
    renameSync(making, folder);
  } catch (error) {
    rmSync(making, { recursive: true, force: true });
    // Another run renamed its copy first: that one is as good.
    if (existsSync(folder)) return folder;
    throw error;
  }
  forgetOldFolders(`${PREFIX}${key}`);
  return folder;
}
