import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { pino } from 'pino';
import { listen, stopOnSignals } from 'shared-node/listen';
import { createApp } from './app';
import { type FunctionsConfig, loadConfig } from './config';
import { createContext } from './context';
import { functionDefinitions } from './http';
import { jobHandlers } from './job-handlers';
import { ensureDoorAdmin } from './modules/door';
import { ensureFirstManager } from './modules/staff';
import { claimFolder, scheduleNightlyBackup } from './platform/backup';
import { openDatabase } from './platform/db';

export interface RunningService {
  server: Server;
  url: string;
  stop(): Promise<void>;
}

/** An arbitrary constant: the advisory lock the first accounts are made under (see migrate.ts's). */
const FIRST_ACCOUNTS_LOCK = 7_301_945;

/** Where a process on this machine reaches the service (an address it listens on, IPv6 in brackets). */
function localUrl(host: string, port: number): string {
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

export async function startFunctionsService(config: FunctionsConfig = loadConfig()): Promise<RunningService> {
  const log = pino({ level: config.LOG_LEVEL, base: { service: 'functions' } });
  // On PGlite the folder is this process's alone; `npm run backup` then asks this service.
  const folder =
    config.DATABASE_URL || config.PGLITE_DATA_DIR.startsWith('memory://') ? null : await claimFolder(config);
  const db = await openDatabase(config);
  const ctx = createContext(db, config, log, jobHandlers);
  // Instances starting together take turns: one makes the first accounts, the others find them.
  await db.exclusively(FIRST_ACCOUNTS_LOCK, async () => {
    await ensureDoorAdmin(db, config, log);
    await ensureFirstManager(db, config, log);
  });
  // What the outbox holds is delivered from now on, including what a previous run left unsent.
  // Timed work due while the service was down runs now.
  await scheduleNightlyBackup(ctx);
  ctx.jobs.start();
  const backupToken = randomBytes(32).toString('base64url');
  const app = createApp(ctx, functionDefinitions(config), { backupToken });
  const { server, port, close } = await listen(app, {
    port: config.FUNCTIONS_PORT,
    host: config.FUNCTIONS_HOST,
    behindGateway: true,
  });
  const url = `http://${config.FUNCTIONS_HOST}:${port}`;
  await folder?.announce(localUrl(config.FUNCTIONS_HOST, port), backupToken);
  log.info({ url, database: db.kind }, 'functions service listening');
  return {
    server,
    url,
    async stop() {
      // Open event streams never end by themselves: cut them at once.
      await close(0);
      await ctx.jobs.stop();
      await ctx.realtime.close();
      await db.close();
      await folder?.release();
    },
  };
}

const isMain = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isMain) {
  stopOnSignals(await startFunctionsService());
}
