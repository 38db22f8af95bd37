import { chmod, copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { extract } from 'tar';
import type { FunctionsConfig } from '../../config';
import { MIGRATION_LOCK, MIGRATIONS_DIR } from '../db/migrate';
import { openPglite, restorePglite } from '../db/pglite';
import { emptyRestoredPostgres, openPostgres, postgresIsEmpty, restorePostgres } from '../db/postgres';
import { sql } from '../db/sql';
import { checkValue, configuredPepper } from '../security/pepper';
import { documentPaths, sha256Of } from './backup';
import { type BackupManifest, MANIFEST_FILE, manifestSchema } from './manifest';

export type RestoreConfig = Pick<
  FunctionsConfig,
  'DATABASE_URL' | 'PGLITE_DATA_DIR' | 'DOCUMENTS_DIR' | 'DOOR_PIN_PEPPER' | 'DOOR_PIN_PEPPER_FILE' | 'PG_BIN_DIR'
>;

export interface RestoreOptions {
  archive: string;
  /** The operator's copy of the pepper the backup's PINs were made with (unless one is configured). */
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

/** What a new disk holds before anything is written to it. */
const NEW_DISK = new Set(['lost+found']);

const contentsOf = async (dir: string) =>
  (
    await readdir(dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [] as string[];
      throw error;
    })
  ).filter((entry) => !NEW_DISK.has(entry));

/** Removes what a failed restore wrote into a folder that was empty (not the folder: it may be a mount). */
async function emptyFolder(dir: string) {
  for (const entry of await contentsOf(dir)) await rm(path.join(dir, entry), { recursive: true, force: true });
}

/** The archive's files, each checked against the manifest's hash; anything unlisted or altered refuses. */
async function unpack(archive: string, into: string): Promise<BackupManifest> {
  await extract({ file: archive, cwd: into, strict: true });
  let json: unknown = null;
  try {
    json = JSON.parse(await readFile(path.join(into, MANIFEST_FILE), 'utf8'));
  } catch {}
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw new RestoreRefused(`${archive} is not a backup of this suite (no valid ${MANIFEST_FILE})`);
  const manifest = parsed.data;
  const database = path.join(into, manifest.database.file);
  if ((await sha256Of(database).catch(() => null)) !== manifest.database.sha256) {
    throw new RestoreRefused('The database copy in the archive is damaged');
  }
  const listed = new Map(manifest.documents.map((document) => [document.path, document.sha256]));
  const found = await documentPaths(path.join(into, 'documents'));
  if (found.length !== listed.size || found.some((relative) => !listed.has(relative))) {
    throw new RestoreRefused('The documents in the archive are not the ones its manifest lists');
  }
  for (const relative of found) {
    if ((await sha256Of(path.join(into, 'documents', relative))) !== listed.get(relative)) {
      throw new RestoreRefused(`The document ${relative} in the archive is damaged`);
    }
  }
  const known = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql'));
  if (manifest.schema && !known.includes(manifest.schema)) {
    throw new RestoreRefused(
      `This backup comes from a newer release (its database has migration ${manifest.schema}): restore it with that release`,
    );
  }
  return manifest;
}

/** Where the pepper will come from, checked against the archive before anything is written. */
async function settlePepper(
  config: RestoreConfig,
  manifest: BackupManifest,
  options: RestoreOptions,
): Promise<{ copyFrom: string | null; where: string }> {
  const fingerprint = manifest.pepper.check.slice(0, 16);
  const configured = await configuredPepper(config);
  if (configured !== null) {
    if (checkValue(configured) !== manifest.pepper.check) {
      throw new RestoreRefused(
        `The door PIN pepper already configured (${config.DOOR_PIN_PEPPER ? 'DOOR_PIN_PEPPER' : config.DOOR_PIN_PEPPER_FILE}) is not the one this backup's PINs were made with (fingerprint ${fingerprint})`,
      );
    }
    return { copyFrom: null, where: config.DOOR_PIN_PEPPER ? 'environment' : config.DOOR_PIN_PEPPER_FILE };
  }
  if (options.pepperFile) {
    const text = await readFile(options.pepperFile, 'utf8').catch(() => null);
    if (text === null) throw new RestoreRefused(`${options.pepperFile} cannot be read`);
    if (checkValue(text.trim()) !== manifest.pepper.check) {
      throw new RestoreRefused(
        `${options.pepperFile} is not the door PIN pepper this backup's PINs were made with (fingerprint ${fingerprint})`,
      );
    }
    return { copyFrom: options.pepperFile, where: config.DOOR_PIN_PEPPER_FILE };
  }
  if (options.withoutPepper) return { copyFrom: null, where: 'missing' };
  throw new RestoreRefused(
    `This backup's door PINs need their pepper (fingerprint ${fingerprint}), which is never in an archive. Give your copy of it with --pepper <file>, or restore with --without-pepper: the service then starts only with DOOR_PIN_PEPPER_ROTATE=1, which voids every PIN.`,
  );
}

/**
 * Restores an archive into an empty database (the PGlite folder, or the PostgreSQL database of
 * DATABASE_URL) and an empty documents folder, and puts the pepper back. Everything is checked
 * first (the archive's hashes, the release, the engine, the targets, the pepper): a refusal
 * writes nothing, and a failure while writing removes what it wrote. The archive is unpacked
 * beside the documents folder (not in a temporary folder that may be memory) and removed after.
 */
export async function restoreBackup(config: RestoreConfig, options: RestoreOptions): Promise<RestoreResult> {
  const started = performance.now();
  if (!(await stat(options.archive).catch(() => null))?.isFile())
    throw new RestoreRefused(`${options.archive} is not a file`);
  const beside = path.dirname(path.resolve(config.DOCUMENTS_DIR));
  await mkdir(beside, { recursive: true, mode: 0o700 });
  const work = await mkdtemp(path.join(beside, '.restore-'));
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
    if (config.DATABASE_URL) {
      if (!(await postgresIsEmpty(config.DATABASE_URL))) {
        throw new RestoreRefused('The database of DATABASE_URL already has tables: restore into an empty database');
      }
    } else if (config.PGLITE_DATA_DIR.startsWith('memory://') || (await contentsOf(config.PGLITE_DATA_DIR)).length) {
      throw new RestoreRefused(
        `${config.PGLITE_DATA_DIR} is not an empty folder: restore into a new one (PGLITE_DATA_DIR)`,
      );
    }
    if ((await contentsOf(config.DOCUMENTS_DIR)).length) {
      throw new RestoreRefused(`${config.DOCUMENTS_DIR} is not empty: restore into a new folder (DOCUMENTS_DIR)`);
    }
    const pepper = await settlePepper(config, manifest, options);

    const databaseFile = path.join(work, manifest.database.file);
    // On PostgreSQL the restore holds the migration lock: an instance starting meanwhile waits
    // for it, then finds the restored schema, instead of migrating an empty database under it.
    const lockHolder = config.DATABASE_URL ? await openPostgres(config.DATABASE_URL) : null;
    let filled = false;
    try {
      const fill = async () => {
        if (config.DATABASE_URL) {
          if (!(await postgresIsEmpty(config.DATABASE_URL))) {
            throw new RestoreRefused('The database of DATABASE_URL already has tables: restore into an empty database');
          }
          await restorePostgres(config.DATABASE_URL, databaseFile, config.PG_BIN_DIR);
        } else {
          await restorePglite(config.PGLITE_DATA_DIR, await readFile(databaseFile));
        }
        filled = true;
        const db = config.DATABASE_URL
          ? await openPostgres(config.DATABASE_URL)
          : await openPglite(config.PGLITE_DATA_DIR);
        try {
          const { rows } = await db.query<{ name: string | null }>(
            sql`select max(name) as name from schema_migrations`,
          );
          if ((rows[0]?.name ?? '') !== manifest.schema)
            throw new Error('The restored database is not the one the archive describes');
        } finally {
          await db.close();
        }
        await mkdir(config.DOCUMENTS_DIR, { recursive: true, mode: 0o700 });
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
      };
      if (lockHolder) await lockHolder.exclusively(MIGRATION_LOCK, fill);
      else await fill();
    } catch (error) {
      // The targets were empty: what is in them now is this restore's own half (a database this
      // restore did not fill is left alone: someone else's, if it has tables now).
      if (filled && config.DATABASE_URL) await emptyRestoredPostgres(config.DATABASE_URL).catch(() => {});
      if (!config.DATABASE_URL) await emptyFolder(config.PGLITE_DATA_DIR);
      await emptyFolder(config.DOCUMENTS_DIR);
      throw error;
    } finally {
      await lockHolder?.close();
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
