import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from 'shared-node/testing';

const PG_BIN = '/usr/lib/postgresql/15/bin';

export interface ThrowawayCluster {
  url: string;
  /** Shuts the server down (`fast`: connections cut, as a restart does); `resume` starts it again. */
  pause(): void;
  resume(): void;
  stop(): void;
}

/**
 * Starts a disposable PostgreSQL 15 cluster with this machine's binaries, or says why it cannot.
 * Postgres refuses to run as root, so as root the cluster runs as the `postgres` user.
 */
export async function startThrowawayCluster(): Promise<ThrowawayCluster | { skipped: string }> {
  if (!existsSync(`${PG_BIN}/initdb`)) return { skipped: `no PostgreSQL 15 server binaries in ${PG_BIN}` };
  const isRoot = process.getuid?.() === 0;
  if (isRoot && spawnSync('id', ['postgres']).status !== 0)
    return { skipped: 'running as root without a postgres user' };
  const dir = mkdtempSync(path.join(tmpdir(), 'pg-test-'));
  chmodSync(dir, 0o777);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const command = (bin: string, args: string[]): [string, string[]] =>
    isRoot ? ['runuser', ['-u', 'postgres', '--', `${PG_BIN}/${bin}`, ...args]] : [`${PG_BIN}/${bin}`, args];
  const asPostgres = (bin: string, args: string[]) => execFileSync(...command(bin, args), { stdio: 'pipe' });
  // The first start does not block the caller's event loop: the test run migrates its PGlite
  // template meanwhile (global-setup.ts), on the other core.
  const asPostgresAsync = (bin: string, args: string[]) => promisify(execFile)(...command(bin, args));
  const startArgs = [
    '-D',
    dataDir,
    '-l',
    path.join(dir, 'log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    'start',
  ];
  await asPostgresAsync('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync']);
  await asPostgresAsync('pg_ctl', startArgs);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    pause: () => asPostgres('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']),
    resume: () => asPostgres('pg_ctl', startArgs),
    stop() {
      try {
        asPostgres('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
