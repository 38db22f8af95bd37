import { createHash } from 'node:crypto';
import { chmod, copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { create as createTar } from 'tar';
import type { FunctionsConfig } from '../../config';
import type { Database } from '../db';
import { sql } from '../db/sql';
import { checkValue, configuredPepper } from '../security/pepper';
import { ARCHIVE_PATTERN, archiveName, type BackupManifest, FORMAT, MANIFEST_FILE, pepperFileName } from './manifest';

export type BackupConfig = Pick<
  FunctionsConfig,
  'BACKUP_DIR' | 'DOCUMENTS_DIR' | 'DOOR_PIN_PEPPER' | 'DOOR_PIN_PEPPER_FILE' | 'PG_BIN_DIR'
>;

export interface BackupResult {
  archive: string;
  bytes: number;
  ms: number;
  documents: number;
  /** Where the pepper's copy is (apart from the archive), or `environment` when DOOR_PIN_PEPPER holds it. */
  pepper: string;
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Every finished document under `root` (not a `.part` being written), as paths relative to it. */
export async function documentPaths(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  return entries
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.part'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** Copies the documents into `target`, hashing the copies: what is archived is what was hashed. */
async function copyDocuments(root: string, target: string): Promise<BackupManifest['documents']> {
  const listed: BackupManifest['documents'] = [];
  for (const relative of await documentPaths(root)) {
    const to = path.join(target, relative);
    await mkdir(path.dirname(to), { recursive: true });
    try {
      await copyFile(path.join(root, relative), to);
    } catch (error) {
      // Erased (a tenant's erasure) between the listing and the copy: it is not in the backup.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    const bytes = await readFile(to);
    listed.push({ path: relative, bytes: bytes.length, sha256: sha256(bytes) });
  }
  return listed;
}

/** Keeps a copy of the pepper in `BACKUP_DIR/pepper/` (once per pepper): apart from every archive. */
async function keepPepper(config: BackupConfig, pepper: string, check: string): Promise<string> {
  if (config.DOOR_PIN_PEPPER) return 'environment';
  const dir = path.join(config.BACKUP_DIR, 'pepper');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, pepperFileName(check));
  await writeFile(file, `${pepper}\n`, { flag: 'wx', mode: 0o600 }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  return file;
}

/**
 * Writes one archive of everything a restore needs while the service keeps serving: the database
 * (a consistent copy, see `Database.snapshot`), then the documents (written whole by rename, so
 * every file is complete; those of rows in the copy were stored before their rows), and a manifest
 * with every file's hash. The door PIN pepper is never in it: a leaked archive with its pepper
 * would let anyone try the 10,000 PINs against the hashes.
 */
export async function createBackup(db: Database, config: BackupConfig, at: Date): Promise<BackupResult> {
  const started = performance.now();
  const pepper = await configuredPepper(config);
  if (!pepper) throw new Error('No door PIN pepper is configured yet: start the service once, then back up');
  await mkdir(config.BACKUP_DIR, { recursive: true, mode: 0o700 });
  const archive = path.join(config.BACKUP_DIR, archiveName(at));
  if (await stat(archive).catch(() => null)) throw new Error(`${archive} already exists`);
  const staging = await mkdtemp(path.join(config.BACKUP_DIR, '.staging-'));
  try {
    const databaseFile = db.kind === 'pglite' ? 'database/pglite.tar.gz' : 'database/postgres.dump';
    await mkdir(path.join(staging, 'database'));
    const { rows } = await db.query<{ name: string | null }>(sql`select max(name) as name from schema_migrations`);
    await db.snapshot(path.join(staging, databaseFile), { binDir: config.PG_BIN_DIR });
    const databaseBytes = await readFile(path.join(staging, databaseFile));
    const documents = await copyDocuments(config.DOCUMENTS_DIR, path.join(staging, 'documents'));
    await mkdir(path.join(staging, 'documents'), { recursive: true });
    const check = checkValue(pepper);
    const manifest: BackupManifest = {
      format: FORMAT,
      createdAt: at.toISOString(),
      engine: db.kind,
      database: { file: databaseFile, bytes: databaseBytes.length, sha256: sha256(databaseBytes) },
      schema: rows[0]?.name ?? '',
      documents,
      pepper: { source: config.DOOR_PIN_PEPPER ? 'environment' : 'file', check },
    };
    await writeFile(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    // Written aside and renamed: an archive under its final name is always whole.
    const partial = path.join(staging, 'archive.tar');
    await createTar({ file: partial, cwd: staging, portable: true }, [MANIFEST_FILE, 'database', 'documents']);
    await chmod(partial, 0o600);
    await rename(partial, archive);
    const kept = await keepPepper(config, pepper, check);
    return {
      archive,
      bytes: (await stat(archive)).size,
      ms: Math.round(performance.now() - started),
      documents: documents.length,
      pepper: kept,
    };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Removes all but the newest `keep` archives in `dir`; resolves to the removed ones. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const archives = (await readdir(dir).catch(() => [] as string[])).filter((name) => ARCHIVE_PATTERN.test(name)).sort();
  const removed = archives.slice(0, Math.max(0, archives.length - keep));
  for (const name of removed) await rm(path.join(dir, name), { force: true });
  return removed.map((name) => path.join(dir, name));
}
