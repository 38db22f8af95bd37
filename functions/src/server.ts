import type { Server } from 'node:http';
import { pino } from 'pino';
import { answerClientErrorsWithJson } from 'shared-node/http';
import { createApp } from './app';
import { type FunctionsConfig, loadConfig } from './config';
import { createContext } from './context';
import { openDatabase } from './db';
import { functionDefinitions } from './functions';
import { ensureDoorAdmin } from './functions/abridor/setup';

export interface RunningService {
  server: Server;
  url: string;
  stop(): Promise<void>;
}

export async function startFunctionsService(config: FunctionsConfig = loadConfig()): Promise<RunningService> {
  const log = pino({ level: config.LOG_LEVEL, base: { service: 'functions' } });
  const db = await openDatabase(config);
  const ctx = createContext(db, config, log);
  await ensureDoorAdmin(db, config, log);
  // What the outbox holds is delivered from now on, including what a previous run left unsent.
  ctx.delivery.start();
  const app = createApp(ctx, functionDefinitions(config));
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(config.FUNCTIONS_PORT, config.FUNCTIONS_HOST, () => resolve(s));
  });
  answerClientErrorsWithJson(server);
  // Longer than the gateway's keep-alive (see gateway/src/static-host.ts): no reset sockets, no 502.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.FUNCTIONS_PORT;
  const url = `http://${config.FUNCTIONS_HOST}:${port}`;
  log.info({ url, database: db.kind }, 'functions service listening');
  return {
    server,
    url,
    async stop() {
      // Open event streams never end by themselves: cut them, then close.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      await ctx.delivery.stop();
      await ctx.realtime.close();
      await db.close();
    },
  };
}

const isMain = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isMain) {
  const service = await startFunctionsService();
  const shutdown = () => {
    service.stop().finally(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
