import { chmod, copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { extract } from 'tar';
import type { FunctionsConfig } from '../../config';
import { openPglite, restorePglite } from '../db/pglite';
import { openPostgres, restorePostgres } from '../db/postgres';
import { sql } from '../db/sql';
import { checkValue, configuredPepper } from '../security/pepper';
import { documentPaths, sha256 } from './backup';
import { type BackupManifest, MANIFEST_FILE, manifestSchema, pepperFileName } from './manifest';

export type RestoreConfig = Pick<
  FunctionsConfig,
  'DATABASE_URL' | 'PGLITE_DATA_DIR' | 'DOCUMENTS_DIR' | 'DOOR_PIN_PEPPER' | 'DOOR_PIN_PEPPER_FILE' | 'PG_BIN_DIR'
>;

export interface RestoreOptions {
  archive: string;
  /** The pepper's copy; by default the one named by the archive's check value in `pepper/` beside it. */
  pepperFile?: string;
  /** Restore without the pepper: the service then starts only with DOOR_PIN_PEPPER_ROTATE=1 (every PIN void). */
  withoutPepper?: boolean;
}

export interface RestoreResult {
  engine: BackupManifest['engine'];
  createdAt: string;
  documents: number;
  ms: number;
  /** Where the pepper now is: its file, `environment` (DOOR_PIN_PEPPER), or `missing`. */
  pepper: string;
}

/** A refusal the operator can act on: nothing was written. */
export class RestoreRefused extends Error {}

const isEmptyFolder = async (dir: string) => {
  const entries = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries.length === 0;
};

/** The archive's files, each checked against the manifest's hash; anything unlisted or altered refuses. */
async function unpack(archive: string, into: string): Promise<BackupManifest> {
  await extract({ file: archive, cwd: into, strict: true });
  const parsed = manifestSchema.safeParse(
    JSON.parse(await readFile(path.join(into, MANIFEST_FILE), 'utf8').catch(() => 'null')),
  );
  if (!parsed.success) throw new RestoreRefused(`${archive} is not a backup of this suite (no valid ${MANIFEST_FILE})`);
  const manifest = parsed.data;
  const database = await readFile(path.join(into, manifest.database.file));
  if (sha256(database) !== manifest.database.sha256)
    throw new RestoreRefused('The database copy in the archive is damaged');
  const listed = new Map(manifest.documents.map((document) => [document.path, document.sha256]));
  const found = await documentPaths(path.join(into, 'documents'));
  if (found.length !== listed.size || found.some((relative) => !listed.has(relative))) {
    throw new RestoreRefused('The documents in the archive are not the ones its manifest lists');
  }
  for (const relative of found) {
    if (sha256(await readFile(path.join(into, 'documents', relative))) !== listed.get(relative)) {
      throw new RestoreRefused(`The document ${relative} in the archive is damaged`);
    }
  }
  return manifest;
}

/** Where the pepper will come from, checked against the archive before anything is written. */
async function settlePepper(
  config: RestoreConfig,
  manifest: BackupManifest,
  options: RestoreOptions,
): Promise<{ copyFrom: string | null; where: string }> {
  const configured = await configuredPepper(config);
  if (configured !== null) {
    if (checkValue(configured) !== manifest.pepper.check) {
      throw new RestoreRefused(
        `The door PIN pepper already configured (${config.DOOR_PIN_PEPPER ? 'DOOR_PIN_PEPPER' : config.DOOR_PIN_PEPPER_FILE}) is not the one this backup's PINs were made with`,
      );
    }
    return { copyFrom: null, where: config.DOOR_PIN_PEPPER ? 'environment' : config.DOOR_PIN_PEPPER_FILE };
  }
  const candidate =
    options.pepperFile ?? path.join(path.dirname(options.archive), 'pepper', pepperFileName(manifest.pepper.check));
  const text = await readFile(candidate, 'utf8').catch(() => null);
  if (text !== null && checkValue(text.trim()) === manifest.pepper.check) {
    return { copyFrom: candidate, where: config.DOOR_PIN_PEPPER_FILE };
  }
  if (options.withoutPepper) return { copyFrom: null, where: 'missing' };
  throw new RestoreRefused(
    text === null
      ? `The door PIN pepper of this backup was not found at ${candidate}. Give its copy with --pepper <file>, or restore with --without-pepper: the service then starts only with DOOR_PIN_PEPPER_ROTATE=1, which voids every PIN.`
      : `${candidate} is not the door PIN pepper this backup's PINs were made with`,
  );
}

/**
 * Restores an archive into an empty database (the PGlite folder, or the PostgreSQL database of
 * DATABASE_URL) and an empty documents folder, and puts the pepper back. Everything is checked
 * first (the archive's hashes, the engine, the targets, the pepper): a refusal writes nothing,
 * and a failure while writing removes what it wrote.
 */
export async function restoreBackup(config: RestoreConfig, options: RestoreOptions): Promise<RestoreResult> {
  const started = performance.now();
  if (!(await stat(options.archive).catch(() => null))?.isFile())
    throw new RestoreRefused(`${options.archive} is not a file`);
  const work = await mkdtemp(path.join(tmpdir(), 'restore-'));
  try {
    const manifest = await unpack(options.archive, work);
    const engine = config.DATABASE_URL ? 'postgres' : 'pglite';
    if (manifest.engine !== engine) {
      throw new RestoreRefused(
        manifest.engine === 'pglite'
          ? 'This archive holds an embedded (PGlite) database: restore it without DATABASE_URL, into PGLITE_DATA_DIR'
          : 'This archive holds a PostgreSQL database: restore it with DATABASE_URL set to an empty database',
      );
    }
    if (
      engine === 'pglite' &&
      (config.PGLITE_DATA_DIR.startsWith('memory://') || !(await isEmptyFolder(config.PGLITE_DATA_DIR)))
    ) {
      throw new RestoreRefused(
        `${config.PGLITE_DATA_DIR} is not an empty folder: restore into a new one (PGLITE_DATA_DIR)`,
      );
    }
    if (!(await isEmptyFolder(config.DOCUMENTS_DIR))) {
      throw new RestoreRefused(`${config.DOCUMENTS_DIR} is not empty: restore into a new folder (DOCUMENTS_DIR)`);
    }
    const pepper = await settlePepper(config, manifest, options);

    const databaseFile = path.join(work, manifest.database.file);
    try {
      if (config.DATABASE_URL) await restorePostgres(config.DATABASE_URL, databaseFile, config.PG_BIN_DIR);
      else await restorePglite(config.PGLITE_DATA_DIR, await readFile(databaseFile));
      const db = config.DATABASE_URL
        ? await openPostgres(config.DATABASE_URL)
        : await openPglite(config.PGLITE_DATA_DIR);
      try {
        const { rows } = await db.query<{ name: string | null }>(sql`select max(name) as name from schema_migrations`);
        if ((rows[0]?.name ?? '') !== manifest.schema)
          throw new Error('The restored database is not the one the archive describes');
      } finally {
        await db.close();
      }
      for (const { path: relative } of manifest.documents) {
        const to = path.join(config.DOCUMENTS_DIR, relative);
        await mkdir(path.dirname(to), { recursive: true, mode: 0o700 });
        await copyFile(path.join(work, 'documents', relative), to);
        await chmod(to, 0o600);
      }
      if (pepper.copyFrom) {
        await mkdir(path.dirname(config.DOOR_PIN_PEPPER_FILE), { recursive: true, mode: 0o700 });
        await writeFile(config.DOOR_PIN_PEPPER_FILE, await readFile(pepper.copyFrom), { flag: 'wx', mode: 0o600 });
      }
    } catch (error) {
      // The targets were empty: what is there now is this restore's own half.
      if (!config.DATABASE_URL) await rm(config.PGLITE_DATA_DIR, { recursive: true, force: true });
      await rm(config.DOCUMENTS_DIR, { recursive: true, force: true });
      throw error;
    }
    return {
      engine: manifest.engine,
      createdAt: manifest.createdAt,
      documents: manifest.documents.length,
      ms: Math.round(performance.now() - started),
      pepper: pepper.where,
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
