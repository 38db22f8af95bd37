import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The e2e stack runs on its own ports, so it never collides with a running `npm start`;
 * E2E_PORT_OFFSET moves them all, so two checkouts can run their journeys side by side.
 */
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0) || 0;
export const E2E_PORTS = {
  gateway: 18080 + offset,
  functions: 18787 + offset,
  remoteBase: 18000 + offset,
  smtp: 18025 + offset,
  mailbox: 18026 + offset,
} as const;
/** Where journeys read what a person received by e-mail (see mailbox.ts). */
export const MAILBOX_URL = `http://127.0.0.1:${E2E_PORTS.mailbox}`;
export const GATEWAY_URL = `http://localhost:${E2E_PORTS.gateway}`;
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
/** Pids of what a journey left running for the rest of the run (a release's origin): stopped at teardown. */
export const E2E_LEFTOVERS_FILE = path.join(tmpdir(), `e2e-leftovers-${E2E_PORTS.gateway}.txt`);
