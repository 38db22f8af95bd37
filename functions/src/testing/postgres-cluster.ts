import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
  const asPostgres = (bin: string, args: string[]) =>
    isRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', `${PG_BIN}/${bin}`, ...args], { stdio: 'pipe' })
      : execFileSync(`${PG_BIN}/${bin}`, args, { stdio: 'pipe' });
  asPostgres('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync']);
  const start = () =>
    asPostgres('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    pause: () => asPostgres('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']),
    resume: start,
    stop() {
      try {
        asPostgres('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
