import { existsSync } from 'node:fs';
import { request } from 'node:http';
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
 * `npm run backup` and `npm run restore -- <archive>`, with the same settings as the service
 * (DATABASE_URL or PGLITE_DATA_DIR, DOCUMENTS_DIR, BACKUP_DIR, the pepper's).
 */
const USAGE = `Usage:
  npm run backup
  npm run restore -- <archive.tar> --pepper <file>
  npm run restore -- <archive.tar> --without-pepper   (every door PIN void: DOOR_PIN_PEPPER_ROTATE=1)`;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

/** Asks the running service for a backup; no time limit (a large documents folder takes minutes). */
function backupByService(url: string, token: string): Promise<BackupResult> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/internal/backup`,
      { method: 'POST', headers: { authorization: `Bearer ${token}` } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => {
          let body: BackupResult & { error?: string };
          try {
            body = JSON.parse(text);
          } catch {
            reject(new Error(`The service answered ${res.statusCode}`));
            return;
          }
          if (res.statusCode === 200) resolve(body);
          else reject(new Error(body.error ?? `The service answered ${res.statusCode}`));
        });
      },
    );
    req.on('error', (error) =>
      reject(
        new Error(
          `The service holding the database did not answer at ${url} (${error.message}). If it stopped just now, its hold on the folder lapses within 15 s: try again then.`,
        ),
      ),
    );
    req.end();
  });
}

async function backup(): Promise<void> {
  const config = loadConfig();
  let result: BackupResult;
  const serving = config.DATABASE_URL ? null : await folderHolder(config);
  if (serving === 'busy') {
    throw new Error(`${config.PGLITE_DATA_DIR} is in use (a service starting, another backup): try again in a moment`);
  }
  if (serving) {
    // The running service owns the embedded database's folder: it makes the copy.
    result = await backupByService(serving.url, serving.token);
  } else {
    if (!config.DATABASE_URL && !existsSync(config.PGLITE_DATA_DIR)) {
      throw new Error(`There is no database at ${config.PGLITE_DATA_DIR}`);
    }
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
  if (result.missingDocuments.length) {
    console.log(`  ${result.missingDocuments.length} recorded documents have no file (erased or replaced meanwhile, or lost):
    ${result.missingDocuments.join('\n    ')}`);
  }
  console.log(`  The door PIN pepper is not in it (with it, an archive would let anyone try every PIN). It is
  ${result.pepper}; keep a copy of it in a different place from the archives (a password manager).
  A restore needs it (fingerprint ${result.pepperFingerprint}).`);
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
