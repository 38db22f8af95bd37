import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { FunctionsConfig } from '../../config';

/**
 * The embedded database's folder is open in one process at a time (two would corrupt it). Beside
 * it, a file says which process has it, and, once that process is a listening service, where it
 * listens and the token it takes for a backup: `npm run backup` asks that service instead of
 * opening the folder.
 */
const servingFile = (config: Pick<FunctionsConfig, 'PGLITE_DATA_DIR'>) =>
  `${config.PGLITE_DATA_DIR.replace(/[\\/]+$/, '')}.serving.json`;

const servingSchema = z.object({
  pid: z.number().int(),
  url: z.url().nullable(),
  token: z.string().min(32).nullable(),
});
export type Serving = z.infer<typeof servingSchema>;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The process that has the folder open (itself included), or null when none has. */
export async function folderHolder(config: Pick<FunctionsConfig, 'PGLITE_DATA_DIR'>): Promise<Serving | null> {
  const text = await readFile(servingFile(config), 'utf8').catch(() => null);
  if (text === null) return null;
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {}
  const parsed = servingSchema.safeParse(json);
  return parsed.success && alive(parsed.data.pid) ? parsed.data : null;
}

/**
 * Takes the folder for this process before it is opened, or says who has it. Resolves to the
 * functions that announce where the service listens and that give the folder back.
 */
export async function claimFolder(config: Pick<FunctionsConfig, 'PGLITE_DATA_DIR'>) {
  const file = servingFile(config);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const write = (serving: Serving, flag: 'w' | 'wx') => writeFile(file, JSON.stringify(serving), { flag, mode: 0o600 });
  for (let attempt = 0; ; attempt++) {
    const holder = await folderHolder(config);
    if (holder && holder.pid !== process.pid) {
      throw new Error(
        `${config.PGLITE_DATA_DIR} is open in process ${holder.pid}${holder.url ? ` (the service at ${holder.url})` : ''}: one process at a time`,
      );
    }
    // A file left by a process that is gone (kill -9) is stale.
    await rm(file, { force: true });
    try {
      await write({ pid: process.pid, url: null, token: null }, 'wx');
      break;
    } catch (error) {
      // Another process took it between the check and the write: check again.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 3) throw error;
    }
  }
  return {
    announce: (url: string, token: string) => write({ pid: process.pid, url, token }, 'w'),
    release: () => rm(file, { force: true }),
  };
}
