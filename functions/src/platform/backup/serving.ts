import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { z } from 'zod';
import type { FunctionsConfig } from '../../config';

/**
 * The embedded database's folder is open in one process at a time (two would corrupt it). A lock
 * beside it says a process has it: made atomically (a directory), refreshed every 5 s while the
 * process lives, stale 30 s after it stopped being refreshed (kill -9, a reboot). A file beside it
 * names the holder (its process id and start time, which a reboot's reused id does not share), so
 * a holder whose refreshes were held up by a long synchronous statement is still recognised as
 * alive; once it is a listening service, the file also says where it listens and the token it
 * takes for a backup: `npm run backup` asks that service instead of opening the folder.
 */
type FolderConfig = Pick<FunctionsConfig, 'PGLITE_DATA_DIR'>;

const base = (config: FolderConfig) => config.PGLITE_DATA_DIR.replace(/[\\/]+$/, '');
const lockOptions = (config: FolderConfig) => ({
  lockfilePath: `${base(config)}.lock`,
  // The folder may not exist yet (a first start, a restore): the lock is on its path.
  realpath: false,
  stale: 30_000,
  update: 5_000,
});
const servingFile = (config: FolderConfig) => `${base(config)}.serving.json`;

const holderSchema = z.object({
  pid: z.number().int(),
  startedAt: z.string().nullable(),
  url: z.url().nullable(),
  token: z.string().min(32).nullable(),
});
type Holder = z.infer<typeof holderSchema>;

/** When a process started (Linux: /proc's clock ticks since boot), or null where that is unknown. */
function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

const alive = ({ pid, startedAt }: Holder) => {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: alive, under another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return startedAt === null || processStart(pid) === startedAt;
};

async function readHolder(config: FolderConfig): Promise<Holder | null> {
  const text = await readFile(servingFile(config), 'utf8').catch(() => null);
  let json: unknown = null;
  try {
    json = JSON.parse(text ?? 'null');
  } catch {}
  const parsed = holderSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/**
 * Who has the folder: nobody (null), a process that is not (yet) a listening service
 * (`busy`: a service starting, a backup or restore), or a service and how to reach it.
 */
export async function folderHolder(config: FolderConfig): Promise<null | 'busy' | { url: string; token: string }> {
  const locked = await lockfile.check(base(config), lockOptions(config));
  const holder = await readHolder(config);
  const living = holder !== null && holder.pid !== process.pid && alive(holder);
  if (!locked && !living) return null;
  return living && holder.url && holder.token ? { url: holder.url, token: holder.token } : 'busy';
}

/**
 * Takes the folder for this process before it is opened, or refuses because another process has
 * it. `onCompromised`: the lock could not be kept (its directory removed, the disk failing); the
 * holder must stop using the folder.
 */
export async function claimFolder(config: FolderConfig, onCompromised?: (error: Error) => void) {
  await mkdir(path.dirname(base(config)), { recursive: true, mode: 0o700 });
  const refused = () =>
    new Error(`${config.PGLITE_DATA_DIR} is open in another process (a running service?): one at a time`);
  const earlier = await readHolder(config);
  if (earlier && earlier.pid !== process.pid && alive(earlier)) throw refused();
  let unlock: () => Promise<void>;
  try {
    unlock = await lockfile.lock(base(config), {
      ...lockOptions(config),
      retries: 0,
      // Left out when not given: proper-lockfile's own (it throws) stays.
      ...(onCompromised ? { onCompromised } : {}),
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    throw refused();
  }
  /** Written aside and renamed: a reader sees the whole file or none. */
  const write = async (holder: Holder) => {
    const partial = `${servingFile(config)}.${randomUUID()}.part`;
    await writeFile(partial, JSON.stringify(holder), { mode: 0o600 });
    await rename(partial, servingFile(config));
  };
  const self = { pid: process.pid, startedAt: processStart(process.pid) };
  await write({ ...self, url: null, token: null });
  return {
    announce: (url: string, token: string) => write({ ...self, url, token }),
    async release() {
      await rm(servingFile(config), { force: true });
      await unlock();
    },
  };
}
