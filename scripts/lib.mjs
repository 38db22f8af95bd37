// Helpers shared by the root scripts (start, build, test, bench).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const FRONTEND_APPS = [
  'shell',
  'mfe-marketing',
  'mfe-calculator',
  'mfe-signup',
  'mfe-door',
  'mfe-backoffice',
  'mfe-account',
];
/**
 * Federation name, port of its own origin, and whether it is also a standalone page (with the
 * functions it calls on its own origin). New remotes go last: ports follow this order.
 */
export const REMOTES = [
  { app: 'mfe-marketing', name: 'marketing', port: 3001 },
  { app: 'mfe-calculator', name: 'calculator', port: 3002 },
  { app: 'mfe-signup', name: 'signup', port: 3003 },
  { app: 'mfe-door', name: 'door', port: 3004, standalone: true, functions: ['abridor'] },
  {
    app: 'mfe-backoffice',
    name: 'backoffice',
    port: 3005,
    standalone: true,
    functions: ['backoffice', 'backoffice/document', 'backoffice/export'],
  },
  { app: 'mfe-account', name: 'account', port: 3006 },
];

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal})`);
}

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export function ensureInstalled() {
  const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  if (existsSync(marker) && (!existsSync(lock) || statSync(marker).mtimeMs >= statSync(lock).mtimeMs)) return;
  console.log('Installing dependencies…');
  // `npm install` keeps the locked versions; `npm ci` can refuse a lockfile that lacks the
  // macOS/Windows native packages, which the registry reached here does not carry.
  run('npm', ['install', '--no-audit', '--no-fund']);
}

/** The Node the project runs on: the LTS installed from the npm registry as a dependency (`node`). */
export const PROJECT_NODE = path.join(ROOT, 'node_modules', '.bin', 'node');
const SUPPORTED_NODE_MAJOR = 22;

/**
 * Runs this script again on the project's Node when the machine's is older than a supported LTS
 * (Node 20 reached its end of life): a fresh clone starts on whatever Node the machine has, installs,
 * then everything (this script, the services it spawns with `process.execPath`, the builds and
 * test runners, whose `node` is the project's through npm's PATH) runs on the project's. Returns
 * only when already on it (or when it is missing, as a last resort).
 */
export function onSupportedNode() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= SUPPORTED_NODE_MAJOR || !existsSync(PROJECT_NODE)) return;
  const binDir = path.dirname(PROJECT_NODE);
  const result = spawnSync(PROJECT_NODE, process.argv.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ''}` },
  });
  process.exit(result.status ?? 1);
}

/** Builds the front-end apps one after the other (2 cores: never two at once). */
export function buildFrontends(apps = FRONTEND_APPS) {
  for (const app of apps) {
    console.log(`Building ${app}…`);
    run('npx', ['rspack', 'build', '--mode', 'production'], { cwd: path.join(ROOT, app) });
  }
}

export function isBuilt(app) {
  return existsSync(path.join(ROOT, app, 'dist', 'mf-manifest.json'));
}

/**
 * Starts a service with its output prefixed by its name, each line through `format` (as it is by
 * default). `onLine` sees every line first.
 * @param {string} label
 * @param {string} command
 * @param {string[]} args
 * @param {Record<string, string>} [env]
 * @param {{ format?: (line: string) => string, onLine?: (line: string) => void }} [logs]
 */
export function startProcess(label, command, args, env = {}, logs = {}) {
  const { format = (line) => line, onLine } = logs;
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (stream, out) => {
    let buffer = '';
    stream.on('data', (chunk) => {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        onLine?.(line);
        out.write(`[${label}] ${format(line)}\n`);
      }
    });
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  return child;
}

/**
 * Refuses to start on ports something else holds, naming each one: otherwise another program
 * answering there (a second `npm start`) would pass for our service while ours failed to bind.
 * @param {{ port: number, what: string }[]} ports
 */
export async function assertPortsFree(ports) {
  const taken = [];
  for (const { port, what } of ports) {
    const free = await new Promise((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (!free) taken.push(`${port} (${what})`);
  }
  if (taken.length) {
    throw new Error(
      `Port${taken.length > 1 ? 's' : ''} already in use: ${taken.join(', ')}. Stop what runs there, or choose other ports (GATEWAY_PORT, FUNCTIONS_PORT, REMOTE_PORT_BASE).`,
    );
  }
}

export async function waitForHttp(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

export function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/**
 * The value at percentile `p` (0–100) of `values`, nearest rank: what the benchmarks report.
 * @param {number[]} values
 * @param {number} p
 */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}
