import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { z } from 'zod';
import type { FunctionsConfig } from '../../config';

/**
 * The embedded database's folder is open in one process at a time (two would corrupt it). A lock
 * beside it says a process has it: made atomically (a directory), refreshed every 5 s while the
 * process lives, stale 15 s after it died (kill -9, a reboot: no PID to be mistaken for another's).
 * Once the holder is a listening service, a file says where it listens and the token it takes for
 * a backup: `npm run backup` asks that service instead of opening the folder.
 */
type FolderConfig = Pick<FunctionsConfig, 'PGLITE_DATA_DIR'>;

const base = (config: FolderConfig) => config.PGLITE_DATA_DIR.replace(/[\\/]+$/, '');
const lockOptions = (config: FolderConfig) => ({
  lockfilePath: `${base(config)}.lock`,
  // The folder may not exist yet (a first start, a restore): the lock is on its path.
  realpath: false,
  stale: 15_000,
  update: 5_000,
});
const servingFile = (config: FolderConfig) => `${base(config)}.serving.json`;

const servingSchema = z.object({ url: z.url(), token: z.string().min(32) });

/**
 * Who has the folder: nobody (null), a process that is not (yet) a listening service
 * (`busy`: a service starting, a backup or restore), or a service and how to reach it.
 */
export async function folderHolder(config: FolderConfig): Promise<null | 'busy' | z.infer<typeof servingSchema>> {
  if (!(await lockfile.check(base(config), lockOptions(config)))) return null;
  const text = await readFile(servingFile(config), 'utf8').catch(() => null);
  let json: unknown = null;
  try {
    json = JSON.parse(text ?? 'null');
  } catch {}
  const parsed = servingSchema.safeParse(json);
  return parsed.success ? parsed.data : 'busy';
}

/**
 * Takes the folder for this process before it is opened, or refuses because another process has
 * it. `onCompromised`: the lock could not be kept (its directory removed, the disk failing); the
 * holder must stop using the folder.
 */
export async function claimFolder(config: FolderConfig, onCompromised?: (error: Error) => void) {
  await mkdir(path.dirname(base(config)), { recursive: true, mode: 0o700 });
  let unlock: () => Promise<void>;
  try {
    unlock = await lockfile.lock(base(config), { ...lockOptions(config), retries: 0, onCompromised });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    throw new Error(`${config.PGLITE_DATA_DIR} is open in another process (a running service?): one at a time`);
  }
  // Whatever an earlier holder announced is stale now.
  await rm(servingFile(config), { force: true });
  return {
    /** Written aside and renamed: a reader sees the whole file or none. */
    async announce(url: string, token: string) {
      const partial = `${servingFile(config)}.${randomUUID()}.part`;
      await writeFile(partial, JSON.stringify({ url, token }), { mode: 0o600 });
      await rename(partial, servingFile(config));
    },
    async release() {
      await rm(servingFile(config), { force: true });
      await unlock();
    },
  };
}
