import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from './config';
import {
  type BackupResult,
  claimFolder,
  createBackup,
  folderHolder,
  RestoreRefused,
  restoreBackup,
} from './platform/backup';
import { openPglite } from './platform/db/pglite';
import { openPostgres } from './platform/db/postgres';

/**
 * `npm run backup` and `npm run restore <archive>`, with the same settings as the service
 * (DATABASE_URL or PGLITE_DATA_DIR, DOCUMENTS_DIR, BACKUP_DIR, the pepper's).
 */
const USAGE = `Usage:
  npm run backup
  npm run restore -- <archive.tar> [--pepper <file>] [--without-pepper]`;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

async function backup(): Promise<void> {
  const config = loadConfig();
  let result: BackupResult;
  const serving = config.DATABASE_URL ? null : await folderHolder(config);
  if (serving) {
    if (!serving.url || !serving.token)
      throw new Error(`The service using ${config.PGLITE_DATA_DIR} is starting: try again in a moment`);
    // The running service owns the embedded database's folder: it makes the copy.
    const answer = await fetch(`${serving.url}/internal/backup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${serving.token}` },
    }).catch((error: Error) => {
      throw new Error(
        `The service using ${config.PGLITE_DATA_DIR} (pid ${serving.pid}) did not answer: ${error.message}`,
      );
    });
    const body = (await answer.json()) as BackupResult & { error?: string };
    if (!answer.ok) throw new Error(body.error ?? `The service answered ${answer.status}`);
    result = body;
  } else {
    if (!config.DATABASE_URL && !existsSync(config.PGLITE_DATA_DIR))
      throw new Error(`There is no database at ${config.PGLITE_DATA_DIR}`);
    // No service has the embedded folder: this process takes it while it copies.
    const folder = config.DATABASE_URL ? null : await claimFolder(config);
    try {
      const db = config.DATABASE_URL
        ? await openPostgres(config.DATABASE_URL)
        : await openPglite(config.PGLITE_DATA_DIR);
      try {
        result = await createBackup(db, config, new Date());
      } finally {
        await db.close();
      }
    } finally {
      await folder?.release();
    }
  }
  console.log(`Backup written: ${result.archive}
  ${kb(result.bytes)}, ${result.documents} documents, ${(result.ms / 1000).toFixed(1)} s${serving ? ' (by the running service)' : ''}`);
  console.log(
    result.pepper === 'environment'
      ? '  The door PIN pepper is not in it: it is DOOR_PIN_PEPPER, keep that value with the archive’s restore instructions.'
      : `  The door PIN pepper is not in it: its copy is ${result.pepper}. Keep that file in a different place from the
  archives (a password manager): an archive together with it lets anyone try every PIN. A restore needs it.`,
  );
}

async function restore(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { pepper: { type: 'string' }, 'without-pepper': { type: 'boolean' } },
  });
  const archive = positionals[0];
  if (!archive || positionals.length > 1) throw new RestoreRefused(USAGE);
  const config = loadConfig();
  // A service must not start on the folder while it is being filled.
  const folder = config.DATABASE_URL ? null : await claimFolder(config);
  const result = await restoreBackup(config, {
    archive,
    pepperFile: values.pepper,
    withoutPepper: values['without-pepper'],
  }).finally(() => folder?.release());
  console.log(`Restored the backup of ${result.createdAt} in ${(result.ms / 1000).toFixed(1)} s:
  database: ${config.DATABASE_URL ? 'the PostgreSQL database of DATABASE_URL' : config.PGLITE_DATA_DIR}
  documents: ${result.documents} in ${config.DOCUMENTS_DIR}
  door PIN pepper: ${result.pepper === 'missing' ? 'missing: start once with DOOR_PIN_PEPPER_ROTATE=1 (every PIN void) and give new PINs' : result.pepper}
Start the service on these settings (npm start).`);
}

const [command, ...rest] = process.argv.slice(2);
try {
  if (command === 'backup') await backup();
  else if (command === 'restore') await restore(rest);
  else throw new RestoreRefused(USAGE);
} catch (error) {
  console.error(error instanceof RestoreRefused ? error.message : `Failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
