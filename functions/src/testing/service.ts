import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { createApp } from '../app';
import { loadConfig } from '../config';
import { createContext } from '../context';
import type { Database } from '../db';
import { functionDefinitions } from '../functions';

/** The real functions service on a test database, listening on a free port. */
export async function serveFunctions(db: Database, env: NodeJS.ProcessEnv = { NODE_ENV: 'test' }) {
  const config = loadConfig(env);
  const ctx = createContext(db, config, pino({ level: 'silent' }));
  const server = createApp(ctx, functionDefinitions(config)).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    ctx,
    base,
    url: (path: string) => `${base}/functions/v1/${path}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
export type ServedFunctions = Awaited<ReturnType<typeof serveFunctions>>;
