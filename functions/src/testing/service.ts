import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { listen } from 'shared-node/listen';
import { afterAll, beforeAll } from 'vitest';
import { createApp } from '../app';
import { loadConfig } from '../config';
import { createContext } from '../context';
import { functionDefinitions } from '../http';
import { jobHandlers } from '../job-handlers';
import { ensureDoorAdmin } from '../modules/door';
import { ensureFirstManager } from '../modules/staff';
import type { Database } from '../platform/db';
import { sql } from '../platform/db/sql';
import type { DatabaseFactory } from './databases';

/** The real functions service on a test database, listening on a free port. */
/** The door tool's admin in every test service. */
export const TEST_ADMIN = { usuario: 'admin', contraseña: 'portero-llave-123', pin: '9999' } as const;

/** The back-office's first manager in every test service. */
export const TEST_MANAGER = { email: 'gerencia@trasteros-demo.example', password: 'manager-pass-123' } as const;

export async function serveFunctions(db: Database, env: NodeJS.ProcessEnv = { NODE_ENV: 'test', DEV_OUTBOX: '1' }) {
  const config = loadConfig({
    DOOR_ADMIN_PASSWORD: TEST_ADMIN.contraseña,
    DOOR_ADMIN_PIN: TEST_ADMIN.pin,
    BACKOFFICE_MANAGER_EMAIL: TEST_MANAGER.email,
    BACKOFFICE_MANAGER_PASSWORD: TEST_MANAGER.password,
    // A fixed pepper (no file in the working tree) and a cheap hash cost keep the suite fast.
    DOOR_PIN_PEPPER: 'test-pepper-0123456789abcdef0123456789abcdef',
    DOOR_HASH_COST_LOG2: '10',
    // The suite signs in many times a minute from one address; the budget has its own test.
    LOGIN_ATTEMPTS_PER_ADDRESS_MINUTE: '100000',
    // The suite signs its managers in many times a minute (a TOTP code is good once per 30 s);
    // the required second factor has its own tests.
    BACKOFFICE_MANAGER_TOTP: 'optional',
    // The suite signs up the same test applicant many times an hour; the budget has its own test.
    EMAILS_PER_RECIPIENT_HOUR: '100000',
    EMAILS_PER_RECIPIENT_DAY: '100000',
    SMS_PER_RECIPIENT_HOUR: '100000',
    SMS_PER_RECIPIENT_DAY: '100000',
    DOCUMENTS_DIR: mkdtempSync(path.join(tmpdir(), 'documents-')),
    ...env,
  });
  const log = pino({ level: 'silent' });
  const ctx = createContext(db, config, log, jobHandlers);
  await ensureDoorAdmin(db, config, log);
  await ensureFirstManager(db, config, log);
  const served = await listen(createApp(ctx, functionDefinitions(config)), { port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${served.port}`;
  return {
    ctx,
    base,
    url: (path: string) => `${base}/functions/v1/${path}`,
    /** POSTs JSON to a function, as an anonymous caller (no cookies); `T` is the answer the test reads. */
    async post<T>(name: string, body: unknown): Promise<{ status: number; body: T }> {
      const res = await fetch(`${base}/functions/v1/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as T };
    },
    /**
     * What the outbox holds for one recipient (e-mails and SMS), oldest first, once the work due
     * now has run (a signed contract's e-mails are a job after the signer's answer).
     */
    async sentTo(recipient: string) {
      await ctx.jobs.runDue();
      const { rows } = await db.query<{ channel: string; subject: string | null; body: string; html: string | null }>(
        sql`select channel, subject, body, html from outbox where recipient = ${recipient} order by id`,
      );
      return rows;
    },
    async close() {
      await served.close(0);
      await ctx.realtime.close();
    },
  };
}
export type ServedFunctions = Awaited<ReturnType<typeof serveFunctions>>;

/**
 * For a `describe.each(databaseEngines())` block: a fresh, migrated database and the service
 * on it for the block's tests, closed afterwards.
 */
export function servedOn(engine: DatabaseFactory, env?: NodeJS.ProcessEnv) {
  const state = {} as { db: Database; service: ServedFunctions };
  beforeAll(async () => {
    state.db = await engine.openMigrated();
    state.service = await serveFunctions(state.db, env);
  });
  afterAll(async () => {
    await state.service.close();
    await state.db.close();
  });
  return state;
}
