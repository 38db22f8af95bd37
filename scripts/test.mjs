// `npm test`: typecheck, lint, Vitest in every package (unit, component, contract and database
// tests), then Playwright journeys through the gateway in Debian's Chromium.
// Ends with one line `N passed, N failed` summing every runner.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildFrontends, ensureInstalled, FRONTEND_APPS, ROOT } from './lib.mjs';

const TYPECHECKED = ['shared-i18n', 'shared-api', 'shared-ui', 'functions', 'gateway', ...FRONTEND_APPS, 'e2e'];
const results = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function step(name, command, args, options = {}) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  console.log(`  ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result.status === 0;
}

/** A check that is not a test runner (typecheck, lint, build) counts as one test. */
function check(name, command, args, options) {
  if (step(name, command, args, options)) results.passed++;
  else {
    results.failed++;
    failures.push(name);
  }
}

function countJson(file, name, read) {
  if (!existsSync(file)) {
    results.failed++;
    failures.push(`${name} (no report)`);
    return;
  }
  const counts = read(JSON.parse(readFileSync(file, 'utf8')));
  results.passed += counts.passed;
  results.failed += counts.failed;
  results.skipped += counts.skipped;
  if (counts.failed) failures.push(`${name}: ${counts.failed} failed`);
  if (counts.passed + counts.failed === 0) failures.push(`${name}: ran no test`);
}

ensureInstalled();

for (const pkg of TYPECHECKED) check(`typecheck ${pkg}`, 'npx', ['--no-install', 'tsc', '--noEmit', '-p', pkg]);
check('lint and format (biome)', 'npx', ['--no-install', 'biome', 'check', '.']);

const vitestReport = path.join(ROOT, '.tmp', 'vitest.json');
rmSync(vitestReport, { force: true });
step('vitest (all packages)', 'npx', [
  '--no-install',
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
countJson(vitestReport, 'vitest', (r) => ({
  passed: r.numPassedTests,
  failed: r.numFailedTests + (r.numFailedTestSuites ?? 0),
  skipped: r.numPendingTests + r.numTodoTests,
}));

let built = true;
try {
  buildFrontends();
  results.passed++;
} catch (error) {
  built = false;
  results.failed++;
  failures.push(`build: ${error.message}`);
}

if (built) {
  const e2eReport = path.join(ROOT, 'e2e', 'test-results', 'results.json');
  rmSync(e2eReport, { force: true });
  step('playwright (through the gateway)', 'npx', ['--no-install', 'playwright', 'test'], {
    cwd: path.join(ROOT, 'e2e'),
  });
  countJson(e2eReport, 'playwright', (r) => ({
    passed: r.stats.expected + r.stats.flaky,
    failed: r.stats.unexpected,
    skipped: r.stats.skipped,
  }));
}

if (failures.length) console.log(`\nFailures:\n  - ${failures.join('\n  - ')}`);
console.log(
  `\n${results.passed} passed, ${results.failed} failed${results.skipped ? `, ${results.skipped} skipped` : ''}`,
);
process.exit(results.failed || failures.length ? 1 : 0);
