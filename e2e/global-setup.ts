import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migratedPgliteFolder } from '../functions/src/testing/pglite-template';
import { startMailbox } from './mailbox';
import {
  E2E_DOOR_ADMIN,
  E2E_LEFTOVERS_FILE,
  E2E_MANAGER,
  E2E_OWN_STACK_PORTS,
  E2E_OWN_STACK_REGISTRY_FILE,
  E2E_PORTS,
  E2E_REGISTRY_FILE,
} from './ports';

/**
 * Starts the whole suite twice (functions on a throwaway embedded database, remotes, gateway): the
 * second stack is for the journeys that move the clock or switch a company setting (ports.ts).
 */
export default async function globalSetup() {
  // @ts-expect-error plain ESM script without types
  const lib = await import('../scripts/lib.mjs');
  // @ts-expect-error plain ESM script without types
  const { startStack } = await import('../scripts/stack.mjs');
  const missing = (lib.FRONTEND_APPS as string[]).filter((app) => !lib.isBuilt(app));
  if (missing.length) lib.buildFrontends(missing);
  const stopMailbox = await startMailbox();
  // Each stack's database is a copy of one migrated once (and kept between runs): a new one in
  // memory ran initdb and every migration, 9 s of CPU per stack while both started on 2 cores.
  // It is a folder, as `npm start` keeps it.
  const scratch = mkdtempSync(path.join(tmpdir(), 'e2e-databases-'));
  const names = ['stack', 'own-stack'];
  try {
    const template = await migratedPgliteFolder();
    for (const name of names) cpSync(template, path.join(scratch, name), { recursive: true });
  } catch (error) {
    await stopMailbox();
    rmSync(scratch, { recursive: true, force: true });
    throw error;
  }
  const env = (name: string) => ({
    PGLITE_DATA_DIR: path.join(scratch, name),
    NODE_ENV: 'test',
    DEV_OUTBOX: '1',
    // A fixed pepper (no file written) and a cheap hash cost: the journeys log in often.
    DOOR_PIN_PEPPER: 'e2e-pepper-0123456789abcdef0123456789abcdef',
    DOOR_HASH_COST_LOG2: '10',
    // The journeys sign in many times a minute from this one address.
    LOGIN_ATTEMPTS_PER_ADDRESS_MINUTE: '100000',
    // Managers sign in many times a minute here (a TOTP code is good once per 30 s); the
    // required second factor has its contract and page tests.
    BACKOFFICE_MANAGER_TOTP: 'optional',
    EXISTENCE_CHECKS_PER_ADDRESS: '100000',
    SMTP_URL: `smtp://127.0.0.1:${E2E_PORTS.smtp}`,
    GATEWAY_RATE_LIMIT: '100000',
    GATEWAY_ADDRESS_RATE_LIMIT: '100000',
    DOOR_ADMIN_PASSWORD: E2E_DOOR_ADMIN.contraseña,
    DOOR_ADMIN_PIN: E2E_DOOR_ADMIN.pin,
    BACKOFFICE_MANAGER_EMAIL: E2E_MANAGER.email,
    BACKOFFICE_MANAGER_PASSWORD: E2E_MANAGER.password,
    DOCUMENTS_DIR: path.join(scratch, `${name}-documents`),
  });
  const started = await Promise.allSettled([
    startStack({
      gatewayPort: E2E_PORTS.gateway,
      functionsPort: E2E_PORTS.functions,
      remotePortBase: E2E_PORTS.remoteBase,
      registryFile: E2E_REGISTRY_FILE,
      quiet: true,
      env: env('stack'),
    }),
    startStack({
      gatewayPort: E2E_OWN_STACK_PORTS.gateway,
      functionsPort: E2E_OWN_STACK_PORTS.functions,
      remotePortBase: E2E_OWN_STACK_PORTS.remoteBase,
      registryFile: E2E_OWN_STACK_REGISTRY_FILE,
      quiet: true,
      env: env('own-stack'),
    }),
  ]);
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    // The one that started is stopped too, so no service outlives a failed set-up (one that did
    // not start has stopped its own processes).
    await Promise.all(started.map((result) => result.status === 'fulfilled' && result.value.stop()));
    await stopMailbox();
    rmSync(scratch, { recursive: true, force: true });
    throw failed.reason;
  }
  const [stack, ownStack] = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  rmSync(E2E_LEFTOVERS_FILE, { force: true });
  return async () => {
    if (existsSync(E2E_LEFTOVERS_FILE)) {
      for (const pid of readFileSync(E2E_LEFTOVERS_FILE, 'utf8').split('\n').filter(Boolean)) {
        try {
          process.kill(Number(pid));
        } catch {
          // Gone already.
        }
      }
      rmSync(E2E_LEFTOVERS_FILE, { force: true });
    }
    // Their databases' folders are removed once the services have closed them.
    await Promise.all([stack.stop(), ownStack.stop()]);
    await stopMailbox();
    rmSync(scratch, { recursive: true, force: true });
  };
}
