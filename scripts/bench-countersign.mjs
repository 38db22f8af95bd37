// What a member of staff waits for when they countersign in the back-office (the automatic
// signature off): `functions/bench/countersign.ts` makes sign-ups ready through the real functions
// and times the `countersign` answer. `node scripts/bench-countersign.mjs` alone, or part of
// `npm run bench`.
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { ROOT } from './lib.mjs';

const SIGN_UPS = Number(process.env.BENCH_COUNTERSIGNS ?? 12);

/** @returns {{ countersigns: number, p50: number, p95: number, first: number }} */
export function measureCountersign() {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'functions/bench/countersign.ts', String(SIGN_UPS)], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const figures = run.stdout.trim().split('\n').at(-1) ?? '';
  if (run.status !== 0 || !figures.startsWith('{')) {
    throw new Error(`countersign bench failed (${run.status}):\n${run.stderr.slice(-2000)}`);
  }
  return JSON.parse(figures);
}

export const COUNTERSIGN_HEADING = '## Countersigning in the back-office';

/** @param {ReturnType<typeof measureCountersign>} figures */
export function formatCountersign(figures) {
  return [
    `| the company's signature by hand (${figures.countersigns} sign-ups, one after another) | figure |`,
    '|---|---|',
    `| the staff member's wait for the answer, p50 / p95 | ${figures.p50} ms / ${figures.p95} ms |`,
    `| the first one (code loading) | ${figures.first} ms |`,
    '',
    "The units, the rent and the door access are done before the answer; the signed PDF and its e-mails follow as a job (`contracts.deliver_signed`). The service's own hash costs (scrypt 2^14 for the PIN), PGlite in memory.",
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(formatCountersign(measureCountersign()));
}
