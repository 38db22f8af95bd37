// Starts the whole suite on one machine: functions, each remote on its own origin, gateway.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { prettyFactory } from 'pino-pretty';
import { assertPortsFree, REMOTES, ROOT, startProcess, waitForHttp } from './lib.mjs';

/**
 * A pino JSON line as a person reads it (time, level, message; a request as method, path, status
 * and time), by pino-pretty; any other line as it is.
 */
function prettyLogLine() {
  const prettify = prettyFactory({
    colorize: Boolean(process.stdout.isTTY),
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,service,req,res,responseTime',
    singleLine: true,
    messageFormat: (/** @type {Record<string, any>} */ log, messageKey) =>
      log.req && log.res
        ? `${log.req.method} ${log.req.url} ${log.res.statusCode} ${log.responseTime ?? '?'} ms`
        : String(log[messageKey] ?? ''),
  });
  return (line) => {
    if (!line.startsWith('{')) return line;
    try {
      return prettify(JSON.parse(line)).trimEnd();
    } catch {
      return line;
    }
  };
}

/** The lines a first start prints once (generated passwords and PINs): kept to be shown again last. */
const CREDENTIALS = /^\s*(Door tool admin|Back-office manager) — /;

/**
 * @param {object} options
 * @param {number} [options.gatewayPort]
 * @param {number} [options.functionsPort]
 * @param {number} [options.remotePortBase] remote i listens on base + i + 1
 * @param {Record<string,string>} [options.env] extra environment for the services
 * @param {boolean} [options.quiet] hide request logs
 * @param {boolean} [options.pretty] write the services' logs for a person instead of JSON
 * @param {string} [options.registryFile] write the registry to this file (the gateway re-reads it when
 *   it changes: a release is an edit of it) instead of passing it inline
 * @param {{ smtpPort: number, webPort: number }} [options.devInbox] start MailDev (an SMTP catcher with
 *   a web inbox) on these ports and send the e-mails to it, as a provider would receive them
 */
export async function startStack({
  gatewayPort = 8080,
  functionsPort = 8787,
  remotePortBase = 3000,
  env = {},
  quiet = false,
  pretty = false,
  registryFile = undefined,
  devInbox = undefined,
} = {}) {
  const children = [];
  const credentials = [];
  const logs = { ...(pretty ? { format: prettyLogLine() } : {}) };
  const functionsUrl = `http://127.0.0.1:${functionsPort}`;
  const logLevel = quiet ? 'warn' : 'info';
  const remotes = REMOTES.map((remote, i) => ({ ...remote, port: remotePortBase + i + 1 }));
  await assertPortsFree([
    { port: gatewayPort, what: 'gateway' },
    { port: functionsPort, what: 'functions' },
    ...remotes.map((remote) => ({ port: remote.port, what: `remote ${remote.name}` })),
    ...(devInbox
      ? [
          { port: devInbox.smtpPort, what: 'development inbox (SMTP)' },
          { port: devInbox.webPort, what: 'development inbox (web)' },
        ]
      : []),
  ]);

  if (devInbox) {
    children.push(
      startProcess(
        'inbox',
        process.execPath,
        [
          path.join(ROOT, 'node_modules', 'maildev', 'dist', 'bin', 'maildev.js'),
          ...['--smtp', String(devInbox.smtpPort), '--ip', '127.0.0.1'],
          ...['--web', String(devInbox.webPort), '--web-ip', '127.0.0.1'],
          '--silent',
        ],
        {},
        logs,
      ),
    );
  }

  children.push(
    startProcess(
      'functions',
      process.execPath,
      ['--import', 'tsx', 'functions/src/server.ts'],
      {
        FUNCTIONS_PORT: String(functionsPort),
        LOG_LEVEL: logLevel,
        // Checkout and signing links point at this stack's gateway unless told otherwise.
        PUBLIC_SITE_URL: process.env.PUBLIC_SITE_URL ?? `http://localhost:${gatewayPort}`,
        ...(devInbox ? { SMTP_URL: `smtp://127.0.0.1:${devInbox.smtpPort}` } : {}),
        ...env,
      },
      { ...logs, onLine: (line) => CREDENTIALS.test(line) && credentials.push(line.trim()) },
    ),
  );
  // Every remote's origin (its own port) from one process: six processes started in about 6 s of
  // CPU, one in about 1.3 s (measured here), which counts where two stacks start on 2 cores.
  const origins = remotes.map((remote) => ({
    dist: path.join(remote.app, 'dist'),
    port: remote.port,
    ...(remote.standalone ? { spa: true, api: functionsUrl, functions: remote.functions } : {}),
  }));
  children.push(
    startProcess('remotes', process.execPath, ['tooling/serve-static.mjs', '--origins', JSON.stringify(origins)]),
  );
  const registry = Object.fromEntries(remotes.map((r) => [r.name, { origin: `http://127.0.0.1:${r.port}` }]));
  if (registryFile) writeFileSync(registryFile, `${JSON.stringify(registry, null, 2)}\n`);
  children.push(
    startProcess(
      'gateway',
      process.execPath,
      ['--import', 'tsx', 'gateway/src/server.ts'],
      {
        GATEWAY_PORT: String(gatewayPort),
        FUNCTIONS_URL: functionsUrl,
        // The pages' canonical links and the sitemap name this, never a request's Host.
        PUBLIC_SITE_URL: process.env.PUBLIC_SITE_URL ?? `http://localhost:${gatewayPort}`,
        ...(registryFile ? { GATEWAY_REMOTES_FILE: registryFile } : { GATEWAY_REMOTES: JSON.stringify(registry) }),
        LOG_LEVEL: logLevel,
        ...env,
      },
      logs,
    ),
  );

  /** Asks every process to stop; the promise settles once all have exited. */
  const stop = () =>
    Promise.all(
      children.map((child) =>
        child.exitCode !== null || child.signalCode !== null
          ? undefined
          : new Promise((resolve) => {
              // A service that has not closed in 10 s is stopped for good.
              const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
              const done = () => {
                clearTimeout(kill);
                resolve(undefined);
              };
              child.once('exit', done);
              // A process that could not be signalled (or started) ends here too.
              child.once('error', done);
              child.kill('SIGTERM');
            }),
      ),
    );
  for (const child of children) {
    child.on('exit', (code, signal) => {
      if (code !== 0 && signal !== 'SIGTERM' && code !== null) console.error(`a service exited with ${code}`);
    });
  }
  try {
    if (devInbox) await waitForHttp(`http://127.0.0.1:${devInbox.webPort}/`);
    await waitForHttp(`${functionsUrl}/healthz`, 90_000);
    for (const remote of remotes) await waitForHttp(`http://127.0.0.1:${remote.port}/mf-manifest.json`);
    await waitForHttp(`http://127.0.0.1:${gatewayPort}/healthz`);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    /** Passwords and PINs generated at this first start (shown once; empty on later starts). */
    credentials,
    gatewayUrl: `http://localhost:${gatewayPort}`,
    functionsUrl,
    inboxUrl: devInbox ? `http://localhost:${devInbox.webPort}` : null,
    remotes,
    children,
    stop,
    root: ROOT,
  };
}
