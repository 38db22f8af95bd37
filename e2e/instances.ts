import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from 'shared-node/testing';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const INSTANCE_MANAGER = { email: 'gerencia@trasteros-demo.example', password: 'instances-manager-pw' } as const;
export const INSTANCE_DOOR_ADMIN = { usuario: 'admin', contraseña: 'instances-admin-pw', pin: '7531' } as const;
/** Sign-ins one address may try a minute (any name, any instance): small, to be reached. */
export const LOGIN_BUDGET = 6;
/** Calls a minute per caller at the gateways (any gateway): small, to be reached. */
export const GATEWAY_CALL_BUDGET = 40;

export interface Mail {
  to: string[];
  raw: string;
}

/**
 * Which of `pids` has the TCP connection whose local port is `port` (Linux: the socket's inode in
 * /proc/net/tcp, then the process holding a descriptor of it).
 */
function socketOwner(port: number, pids: number[]): number | null {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set(
    ['/proc/net/tcp', '/proc/net/tcp6']
      .flatMap((file) => readFileSync(file, 'utf8').split('\n').slice(1))
      .map((line) => line.trim().split(/\s+/))
      .filter((fields) => fields[1]?.endsWith(`:${hexPort}`))
      .map((fields) => fields[9]),
  );
  for (const pid of pids) {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      const target = (() => {
        try {
          return readlinkSync(`/proc/${pid}/fd/${fd}`);
        } catch {
          return '';
        }
      })();
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode && inodes.has(inode)) return pid;
    }
  }
  return null;
}

async function waitFor(url: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const ok = await fetch(url)
      .then((res) => res.ok)
      .catch(() => false);
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url} did not come up`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Two functions services and two gateways on one PostgreSQL, behind one address (a round-robin
 * balancer, as a load balancer in front of the gateways): each gateway talks to its own
 * functions instance. Mail goes to an SMTP server of the test's, which can hold a recipient's
 * messages (never accept them) to catch an instance in the middle of a delivery.
 */
export async function startInstances(databaseUrl: string) {
  const INSTANCE_PORTS = {
    balancer: await freePort(),
    gateways: [await freePort(), await freePort()],
    functions: [await freePort(), await freePort()],
    smtp: await freePort(),
  };
  const received: Mail[] = [];
  const held = new Map<string, SMTPServerSession>();
  let holding: string | null = null;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, session, callback) {
      if (address.address === holding) held.set(address.address, session);
      callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        raw += chunk;
      });
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        // A held recipient's message is never accepted: the sender waits until it dies.
        if (holding && to.includes(holding)) return;
        received.push({ to, raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(INSTANCE_PORTS.smtp, '127.0.0.1', () => resolve()));

  const registryFile = path.join(mkdtempSync(path.join(tmpdir(), 'instances-')), 'remotes.json');
  // The repository's registry: these journeys call functions; no page is rendered.
  writeFileSync(registryFile, readFileSync(path.join(ROOT, 'gateway', 'remotes.json')));
  const documentsDir = mkdtempSync(path.join(tmpdir(), 'instances-documents-'));
  const balancerUrl = `http://127.0.0.1:${INSTANCE_PORTS.balancer}`;
  const processes: ChildProcess[] = [];
  /** A child that exits before the stack is up fails the start at once, with its name. */
  let exitedEarly: (error: Error) => void = () => {};
  const died = new Promise<never>((_, reject) => {
    exitedEarly = reject;
  });
  died.catch(() => {});
  const start = (script: string, env: Record<string, string>) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('exit', (code, signal) => exitedEarly(new Error(`${script} exited (${signal ?? code}) while starting`)));
    processes.push(child);
    return child;
  };
  const functions = INSTANCE_PORTS.functions.map((port) =>
    start('functions/src/server.ts', {
      DATABASE_URL: databaseUrl,
      FUNCTIONS_PORT: String(port),
      NODE_ENV: 'test',
      DEV_OUTBOX: '1',
      PUBLIC_SITE_URL: balancerUrl,
      SMTP_URL: `smtp://127.0.0.1:${INSTANCE_PORTS.smtp}`,
      DOCUMENTS_DIR: documentsDir,
      DOOR_PIN_PEPPER: 'instances-pepper-0123456789abcdef0123456789abcdef',
      DOOR_HASH_COST_LOG2: '10',
      LOGIN_ATTEMPTS_PER_ADDRESS_MINUTE: String(LOGIN_BUDGET),
      // Every applicant here has the test phone: its texts are not what is counted.
      SMS_PER_RECIPIENT_HOUR: '1000',
      SMS_PER_RECIPIENT_DAY: '1000',
      BACKOFFICE_MANAGER_TOTP: 'optional',
      BACKOFFICE_MANAGER_EMAIL: INSTANCE_MANAGER.email,
      BACKOFFICE_MANAGER_PASSWORD: INSTANCE_MANAGER.password,
      DOOR_ADMIN_PASSWORD: INSTANCE_DOOR_ADMIN.contraseña,
      DOOR_ADMIN_PIN: INSTANCE_DOOR_ADMIN.pin,
    }),
  );
  // A stack that does not come up leaves nothing running behind it.
  const orStop = async (ready: Promise<unknown>) => {
    try {
      await Promise.race([ready, died]);
    } catch (error) {
      for (const child of processes) child.kill('SIGKILL');
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      throw error;
    }
  };
  // The first start migrates; the second waits on the same lock, then finds nothing to do.
  await orStop(Promise.all(INSTANCE_PORTS.functions.map((port) => waitFor(`http://127.0.0.1:${port}/healthz`))));
  for (const [i, port] of INSTANCE_PORTS.gateways.entries()) {
    start('gateway/src/server.ts', {
      GATEWAY_PORT: String(port),
      FUNCTIONS_URL: `http://127.0.0.1:${INSTANCE_PORTS.functions[i]}`,
      GATEWAY_DATABASE_URL: databaseUrl,
      GATEWAY_REMOTES_FILE: registryFile,
      GATEWAY_RATE_LIMIT: String(GATEWAY_CALL_BUDGET),
      // The balancer in front is on this machine: an X-Forwarded-For it passes on names the
      // client (the journeys set one to be different clients).
      GATEWAY_TRUST_PROXY: 'loopback',
      GATEWAY_WARM_UP: 'false',
      PUBLIC_SITE_URL: balancerUrl,
    });
  }
  await orStop(Promise.all(INSTANCE_PORTS.gateways.map((port) => waitFor(`http://127.0.0.1:${port}/remotes.json`))));
  // Up: from now on an instance ending is the journeys' doing (a kill) or the end.
  exitedEarly = () => {};

  // Round robin, request by request; which gateway answered is counted.
  const served = [0, 0];
  let next = 0;
  const balancer: Server = createServer((req, res) => {
    const index = next++ % 2;
    served[index] = (served[index] ?? 0) + 1;
    const upstream = request(
      {
        host: '127.0.0.1',
        port: INSTANCE_PORTS.gateways[index],
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502).end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => balancer.listen(INSTANCE_PORTS.balancer, '127.0.0.1', () => resolve()));

  return {
    balancerUrl,
    gatewayUrls: INSTANCE_PORTS.gateways.map((port) => `http://127.0.0.1:${port}`),
    functionsUrls: INSTANCE_PORTS.functions.map((port) => `http://127.0.0.1:${port}`),
    registryFile,
    received,
    served,
    /** From now on a message to `recipient` is received but never accepted. */
    hold(recipient: string) {
      holding = recipient;
    },
    release() {
      holding = null;
    },
    /** The process of the functions instance sending to a held recipient (its SMTP connection's owner). */
    senderOf(recipient: string): number | null {
      const session = held.get(recipient);
      if (!session) return null;
      return socketOwner(
        session.remotePort,
        functions.map((child) => child.pid ?? 0),
      );
    },
    /** Kills a functions instance as a crash would (no goodbye to the database or the SMTP server). */
    kill(pid: number) {
      process.kill(pid, 'SIGKILL');
    },
    functionsPids: functions.map((child) => child.pid ?? 0),
    async stop() {
      await Promise.all(
        processes
          .filter((child) => child.exitCode === null && child.signalCode === null)
          .map(
            (child) =>
              new Promise<void>((resolve) => {
                child.once('exit', () => resolve());
                child.kill('SIGTERM');
                setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
              }),
          ),
      );
      await new Promise<void>((resolve) => balancer.close(() => resolve()));
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}

export type Instances = Awaited<ReturnType<typeof startInstances>>;
