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
import { openDatabase } from './platform/db';

export interface RunningService {
  server: Server;
  url: string;
  stop(): Promise<void>;
}

export async function startFunctionsService(config: FunctionsConfig = loadConfig()): Promise<RunningService> {
  const log = pino({ level: config.LOG_LEVEL, base: { service: 'functions' } });
  const db = await openDatabase(config);
  const ctx = createContext(db, config, log, jobHandlers);
  await ensureDoorAdmin(db, config, log);
  await ensureFirstManager(db, config, log);
  // What the outbox holds is delivered from now on, including what a previous run left unsent.
  // Timed work due while the service was down runs now.
  ctx.jobs.start();
  const app = createApp(ctx, functionDefinitions(config));
  const { server, port, close } = await listen(app, {
    port: config.FUNCTIONS_PORT,
    host: config.FUNCTIONS_HOST,
    behindGateway: true,
  });
  const url = `http://${config.FUNCTIONS_HOST}:${port}`;
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
    },
  };
}

const isMain = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isMain) {
  stopOnSignals(await startFunctionsService());
}
