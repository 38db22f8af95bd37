import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { create as createTar } from 'tar';
import type { FunctionsConfig } from '../../config';
import type { Database } from '../db';
import { sql } from '../db/sql';
import { checkValue, configuredPepper } from '../security/pepper';
import { ARCHIVE_PATTERN, archiveName, type BackupManifest, DATABASE_FILES, FORMAT, MANIFEST_FILE } from './manifest';

export type BackupConfig = Pick<
  FunctionsConfig,
  'BACKUP_DIR' | 'DOCUMENTS_DIR' | 'DOOR_PIN_PEPPER' | 'DOOR_PIN_PEPPER_FILE' | 'PG_BIN_DIR'
>;

export interface BackupResult {
  archive: string;
  bytes: number;
  ms: number;
  documents: number;
  /** Documents the database records whose file was not there to copy (erased or replaced meanwhile, or lost). */
  missingDocuments: string[];
  /** Where the pepper is (never in the archive): DOOR_PIN_PEPPER, or its file. */
  pepper: string;
  /** The start of its check value: which copy of the pepper a restore needs. */
  pepperFingerprint: string;
}

/** A file's SHA-256, read as a stream (a database copy may be larger than memory allows). */
export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

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
      // Removed between the listing and the copy (an erasure, a replacement): reported as missing.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    listed.push({ path: relative, bytes: (await stat(to)).size, sha256: await sha256Of(to) });
  }
  return listed;
}

/**
 * Writes one archive of everything a restore needs while the service keeps serving: the database
 * (a consistent copy, see `Database.snapshot`), then the documents (written whole by rename, so
 * every file is complete; those of rows in the copy were stored before their rows), and a manifest
 * with every file's hash and the documents the database records without a file. The door PIN
 * pepper is never in it: a leaked archive with its pepper would let anyone try the 10,000 PINs.
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
    const databaseFile = DATABASE_FILES[db.kind];
    await mkdir(path.join(staging, 'database'));
    const { rows } = await db.query<{ name: string | null }>(sql`select max(name) as name from schema_migrations`);
    await db.snapshot(path.join(staging, databaseFile), { binDir: config.PG_BIN_DIR });
    const databasePath = path.join(staging, databaseFile);
    const documents = await copyDocuments(config.DOCUMENTS_DIR, path.join(staging, 'documents'));
    await mkdir(path.join(staging, 'documents'), { recursive: true });
    const copied = new Set(documents.map((document) => document.path));
    const { rows: recorded } = await db.query<{ file_path: string }>(
      sql`select file_path from registration_documents order by 1`,
    );
    const missing = recorded.map((row) => row.file_path).filter((file) => !copied.has(file));
    const check = checkValue(pepper);
    const manifest: BackupManifest = {
      format: FORMAT,
      createdAt: at.toISOString(),
      engine: db.kind,
      database: { file: databaseFile, bytes: (await stat(databasePath)).size, sha256: await sha256Of(databasePath) },
      schema: rows[0]?.name ?? '',
      documents,
      missingDocuments: missing,
      pepper: { source: config.DOOR_PIN_PEPPER ? 'environment' : 'file', check },
    };
    await writeFile(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    // Written aside and renamed: an archive under its final name is always whole.
    const partial = path.join(staging, 'archive.tar');
    await createTar({ file: partial, cwd: staging, portable: true }, [MANIFEST_FILE, 'database', 'documents']);
    await chmod(partial, 0o600);
    await rename(partial, archive);
    return {
      archive,
      bytes: (await stat(archive)).size,
      ms: Math.round(performance.now() - started),
      documents: documents.length,
      missingDocuments: missing,
      pepper: config.DOOR_PIN_PEPPER ? 'DOOR_PIN_PEPPER (the environment)' : config.DOOR_PIN_PEPPER_FILE,
      pepperFingerprint: check.slice(0, 16),
    };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Removes all but the newest `keep` archives in `dir`, and what a backup killed half-way left
 * (a staging folder older than a day: no backup takes that long); resolves to the removed archives.
 */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names.filter((entry) => entry.startsWith('.staging-'))) {
    const info = await stat(path.join(dir, name)).catch(() => null);
    // File times are the machine's, not the service clock's.
    if (info && Date.now() - info.mtimeMs > 86_400_000)
      await rm(path.join(dir, name), { recursive: true, force: true });
  }
  const archives = names.filter((name) => ARCHIVE_PATTERN.test(name)).sort();
  const removed = archives.slice(0, Math.max(0, archives.length - keep));
  for (const name of removed) await rm(path.join(dir, name), { force: true });
  return removed.map((name) => path.join(dir, name));
}
