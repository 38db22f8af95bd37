import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The e2e stack runs on its own ports, so it never collides with a running `npm start`;
 * E2E_PORT_OFFSET moves them all, so two checkouts can run their journeys side by side (offsets at
 * least 1000 apart: the second stack below sits 500 above the first).
 */
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0) || 0;
export const E2E_PORTS = {
  gateway: 18080 + offset,
  functions: 18787 + offset,
  remoteBase: 18000 + offset,
  smtp: 18025 + offset,
  mailbox: 18026 + offset,
} as const;
/**
 * A second stack of the same build, with its own service and database, for the journeys that change
 * what every other journey relies on (the service's clock moved by days, the company's automatic
 * signature switched off): they run there one at a time while the rest run on the first stack,
 * instead of alone after it. Both send their e-mails to the one mailbox.
 */
export const E2E_OWN_STACK_PORTS = {
  gateway: E2E_PORTS.gateway + 500,
  functions: E2E_PORTS.functions + 500,
  remoteBase: E2E_PORTS.remoteBase + 500,
} as const;
/** Where journeys read what a person received by e-mail (see mailbox.ts). */
export const MAILBOX_URL = `http://127.0.0.1:${E2E_PORTS.mailbox}`;
export const GATEWAY_URL = `http://localhost:${E2E_PORTS.gateway}`;
export const OWN_STACK_GATEWAY_URL = `http://localhost:${E2E_OWN_STACK_PORTS.gateway}`;
/** The door tool's standalone origin (4th remote). */
export const DOOR_STANDALONE_URL = `http://127.0.0.1:${E2E_PORTS.remoteBase + 4}`;
/** The back-office's standalone origin (5th remote). */
export const BACKOFFICE_STANDALONE_URL = `http://127.0.0.1:${E2E_PORTS.remoteBase + 5}`;

/** The back-office's first manager of the e2e stack. */
export const E2E_MANAGER = { email: 'gerencia@trasteros-demo.example', password: 'e2e-manager-password' } as const;

/** The door tool's admin of the e2e stack. */
export const E2E_DOOR_ADMIN = { usuario: 'admin', contraseña: 'e2e-admin-password', pin: '8642' } as const;

/** The e2e gateway's registry file: a journey releases a remote by editing it, as the README says. */
export const E2E_REGISTRY_FILE = path.join(tmpdir(), `e2e-remotes-${E2E_PORTS.gateway}.json`);
/** The second stack's registry file (nothing releases a remote there). */
export const E2E_OWN_STACK_REGISTRY_FILE = path.join(tmpdir(), `e2e-remotes-${E2E_OWN_STACK_PORTS.gateway}.json`);
/** Pids of what a journey left running for the rest of the run (a release's origin): stopped at teardown. */
export const E2E_LEFTOVERS_FILE = path.join(tmpdir(), `e2e-leftovers-${E2E_PORTS.gateway}.txt`);
