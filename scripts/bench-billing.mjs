// Rent collection at scale (#33): a remittance of 5,000 collections made (pain.008 written, each
// collection marked sent), and a day's arrears checks of 10,000 tenants run by the job queue; time
// and the most the process's memory grew. Runs functions/src/bench/billing.ts in its own process
// (an embedded database in memory). `node scripts/bench-billing.mjs` alone (it rewrites its section
// of BENCHMARKS.md), or part of `npm run bench`.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './lib.mjs';

export const BILLING_HEADING = '## Rent collection at scale';

export function measureBilling() {
  const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'src/bench/billing.ts'], {
    cwd: path.join(ROOT, 'functions'),
    env: { ...process.env, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const last = out.trim().split('\n').at(-1) ?? '{}';
  return JSON.parse(last);
}

export function formatBilling(r) {
  return [
    '| rent collection, one process, PGlite in memory | time | memory grown |',
    '|---|---|---|',
    `| a remittance of ${r.remittance.collections} collections (pain.008 written, ${r.remittance.submitted} marked sent) | ${(r.remittance.ms / 1000).toFixed(2)} s | ${r.remittance.extraMb.toFixed(0)} MB |`,
    `| a day's arrears checks of ${r.arrears.tenants} tenants (${r.arrears.jobsRun} jobs run, ${r.arrears.nextStepsScheduled} next steps scheduled) | ${(r.arrears.ms / 1000).toFixed(2)} s | ${r.arrears.extraMb.toFixed(0)} MB |`,
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = measureBilling();
  const table = formatBilling(result);
  console.log(table);
  const file = path.join(ROOT, 'BENCHMARKS.md');
  const report = readFileSync(file, 'utf8');
  const when = new Date().toISOString().slice(0, 10);
  const section = `${BILLING_HEADING}\n\nMeasured alone with \`node scripts/bench-billing.mjs\` on ${when} (Node ${process.version}); \`npm run bench\` writes this section with the rest.\n\n${table}\n`;
  const start = report.indexOf(BILLING_HEADING);
  const end = start < 0 ? -1 : report.indexOf('\n## ', start + BILLING_HEADING.length);
  const next =
    start < 0
      ? `${report.trimEnd()}\n\n${section}`
      : `${report.slice(0, start)}${section}${end < 0 ? '' : report.slice(end)}`;
  writeFileSync(file, next);
}
