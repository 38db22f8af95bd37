// `npm test`: typecheck, lint, Vitest in every package (unit, component, contract and database
// tests), then Playwright journeys through the gateway in Debian's Chromium.
// Ends with one line `N passed, N failed` summing every runner.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureInstalled, FRONTEND_APPS, onSupportedNode, ROOT } from './lib.mjs';

const TYPECHECKED = [
  'shared-i18n',
  'shared-api',
  'shared-ui',
  'shared-router',
  'shared-node',
  'functions',
  'gateway',
  ...FRONTEND_APPS,
  'e2e',
  // The build factory and these scripts (JavaScript, checked with their JSDoc).
  'tooling',
];
// TypeScript 7, the compiler in native code: the same checks as TypeScript 5.9 in a fifth of the time
// (the 15 projects: 50 s -> 13 s on 2 cores, measured here). TypeScript 5.9 stays installed as
// `typescript` for the tools that use its JavaScript API (knip, dependency-cruiser, the federation
// plugin's types), which TypeScript 7 does not offer yet.
const TSC_NATIVE = path.join(ROOT, 'node_modules', 'typescript-7', 'bin', 'tsc');
const results = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** Tests that passed only when run again, named at the end beside the failures. */
const flaky = [];

/**
 * Runs a command with its output held back, to be printed whole when it ends: two at once still
 * read in the log as if they ran in turn.
 * @returns {Promise<{ status: number | null, output: string }>}
 */
function captured(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
    });
    child.stderr.on('data', (chunk) => {
      text += chunk;
    });
    child.on('close', (code) => resolve({ status: code, output: text }));
  });
}

/** Prints what `captured` held, with its time, and counts it as one check when `counted`. */
function report(name, { status, output }, started, counted = true) {
  const ok = status === 0;
  console.log(`\n▶ ${name}${output.trim() ? `\n${output.trimEnd()}` : ''}`);
  console.log(`  ${name}: ${ok ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (!counted) return ok;
  if (ok) results.passed++;
  else {
    results.failed++;
    failures.push(name);
  }
  return ok;
}

/**
 * Checks that use one core each (the typechecks) run two at a time on a 2-core machine; each one's
 * output is printed whole when it ends, so the log reads as if they ran in turn.
 * @param {{ name: string, command: string, args: string[] }[]} checks
 */
async function parallelChecks(checks, concurrency = 2) {
  const queue = [...checks];
  const runOne = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const started = Date.now();
      report(next.name, await captured(next.command, next.args), started);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, runOne));
}

function step(name, command, args, options = {}) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  console.log(`  ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result.status === 0;
}

/** Every Vitest file of the workspace packages (e2e is Playwright's). */
function testFilesOnDisk() {
  const workspaces = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).workspaces;
  return workspaces
    .filter((pkg) => pkg !== 'e2e')
    .flatMap((pkg) =>
      readdirSync(path.join(ROOT, pkg), { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.test\.tsx?$/.test(file) && !/(^|[\\/])(node_modules|dist)[\\/]/.test(file))
        .map((file) => path.join(ROOT, pkg, file)),
    );
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
  if (counts.failed) {
    const which = counts.which ?? [];
    failures.push(`${name}: ${counts.failed} failed`, ...which.slice(0, 20));
    if (which.length > 20) failures.push(`    … and ${which.length - 20} more (above in the log)`);
  }
  if (counts.passed + counts.failed === 0) failures.push(`${name}: ran no test`);
}

/** The first line of a failure's message, without colours, short enough for the summary. */
function firstLine(message) {
  const plain =
    String(message ?? '')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's colour codes
      .replace(/\u001b\[[0-9;]*m/g, '')
      .trim()
      .split('\n')[0] ?? '';
  return plain.length > 300 ? `${plain.slice(0, 300)}…` : plain;
}

/**
 * A test file that failed with none of its tests failing: it did not load, or a hook failed.
 * @param {{ status: string, assertionResults: { status: string }[] }} file
 */
function failedOutsideTests(file) {
  return file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed');
}

/**
 * Which Vitest tests and files failed, one line each: the summary is the end of the log, and the end
 * is what a CI page keeps when the log is long.
 * @param {{ testResults: { name: string, status: string, message?: string, assertionResults: { status: string, fullName: string, failureMessages?: string[] }[] }[] }} report
 */
function vitestFailures(report) {
  return report.testResults.flatMap((file) => {
    const where = path.relative(ROOT, file.name);
    const tests = file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => `    ${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    // A file that failed outside its tests says so in its own message (an import, a hook at its top
    // level); a hook inside a describe block leaves it empty and its tests skipped.
    if (failedOutsideTests(file))
      tests.push(`    ${where}: ${firstLine(file.message) || 'failed outside its tests (a hook? see the log above)'}`);
    return tests;
  });
}

/**
 * Tests that passed only when run again: a passed test keeps the errors of its failed tries.
 * @param {Parameters<typeof vitestFailures>[0]} report
 */
function vitestFlaky(report) {
  return report.testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === 'passed' && test.failureMessages?.length)
      .map((test) => `  ${path.relative(ROOT, file.name)} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`),
  );
}

/**
 * @typedef {{ title: string, specs?: { title: string, tests?: { projectName: string, status: string, results?: { error?: { message?: string } }[] }[] }[], suites?: PlaywrightSuite[] }} PlaywrightSuite
 */

/**
 * Which Playwright tests failed, one line each.
 * @param {{ suites?: PlaywrightSuite[] }} report
 */
function playwrightFailures(report) {
  const lines = [];
  /** @type {(suite: PlaywrightSuite, titles: string[]) => void} */
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') {
          if (test.status === 'flaky') flaky.push(`  [${test.projectName}] ${[...titles, spec.title].join(' › ')}`);
          continue;
        }
        const error = test.results?.at(-1)?.error?.message;
        lines.push(`    [${test.projectName}] ${[...titles, spec.title].join(' › ')}: ${firstLine(error)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  return lines;
}

/** Every package's sources, for the import rules (.dependency-cruiser.cjs). */
const IMPORT_CHECKED = readdirSync(ROOT)
  .filter((name) => /^(functions|gateway|shell|mfe-[a-z]+|shared-[a-z]+)$/.test(name))
  .map((name) => `${name}/src`)
  .filter((dir) => existsSync(path.join(ROOT, dir)));

ensureInstalled();
onSupportedNode();
console.log(`Node ${process.version}`);

// What the tests, the journeys' services and the browser write to the temporary folder (documents,
// backups, restores, browser profiles: hundreds of MB a run) goes under one folder of this run's,
// removed at the end. Traversable by others: the throwaway PostgreSQL runs as its own user.
const scratch = mkdtempSync(path.join(tmpdir(), 'trasteros-test-'));
chmodSync(scratch, 0o711);
process.env.TMPDIR = scratch;
const removeScratch = () => {
  try {
    rmSync(scratch, { recursive: true, force: true });
  } catch (error) {
    // A process still writing there (one that outlived its stop) must not change the run's result.
    console.warn(`could not remove ${scratch}: ${error instanceof Error ? error.message : error}`);
  }
};
process.on('exit', removeScratch);
// Stopped from outside (Ctrl-C, a cancelled CI job): the children get the signal too; the folder
// goes, then the run ends as the signal asks.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    removeScratch();
    process.kill(process.pid, signal);
  });
}

const checksStarted = Date.now();
await parallelChecks([
  // The linters share the typechecks' two lanes, the longest first: in turn after them they added 12 s.
  { name: 'lint and format (biome)', command: 'npx', args: ['--no-install', 'biome', 'check', '.'] },
  {
    name: 'import direction (dependency-cruiser)',
    command: 'npx',
    args: [
      '--no-install',
      'depcruise',
      ...IMPORT_CHECKED,
      '--config',
      '.dependency-cruiser.cjs',
      '--output-type',
      'err',
    ],
  },
  // An export nobody imports is dead code or a file's private detail (knip.json: the server's apps).
  {
    name: 'unused exports (knip)',
    command: 'npx',
    args: ['--no-install', 'knip', '--workspace', 'functions', '--workspace', 'gateway'],
  },
  ...TYPECHECKED.map((pkg) => ({
    name: `typecheck ${pkg}`,
    command: process.execPath,
    // One thread each, two at a time: its own threads on 2 cores took twice as long (28 s -> 13 s).
    args: [TSC_NATIVE, '--noEmit', '--singleThreaded', '-p', pkg],
  })),
]);
console.log(`  typechecks and linters (two at a time): ${((Date.now() - checksStarted) / 1000).toFixed(1)} s`);

const vitestReport = path.join(ROOT, '.tmp', 'vitest.json');
rmSync(vitestReport, { force: true });
step('vitest (all packages)', 'npx', [
  '--no-install',
  'vitest',
  'run',
  // Worker threads instead of child processes, for every project (a project's config does not
  // inherit the root's pool): each file starts in a thread of a running process. On 2 cores the
  // apps' DOM tests (then in jsdom) went 117 s -> 83 s, measured here one after the other; the service's tests
  // take the same time either way (138 s, 142 s). No test changes its process (chdir, signals).
  '--pool=threads',
  // As the journeys do on CI: a test that fails once is run again, and named in the summary as
  // flaky when the second run passes (a failure that repeats still fails).
  ...(process.env.CI ? ['--retry=1'] : []),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
countJson(vitestReport, 'vitest', (r) => ({
  passed: r.numPassedTests,
  // Vitest's numFailedTestSuites counts each describe block around a failed test as well as its
  // file: one failed test read as three. A file counts only when it failed with no test failing.
  failed: r.numFailedTests + r.testResults.filter(failedOutsideTests).length,
  skipped: r.numPendingTests + r.numTodoTests,
  which: vitestFailures(r),
}));
if (existsSync(vitestReport)) flaky.push(...vitestFlaky(JSON.parse(readFileSync(vitestReport, 'utf8'))));

// A test file Vitest did not collect (a package missing from vitest.config.ts, a pattern that
// misses it) is a test that cannot fail: each one counts as a failure.
if (existsSync(vitestReport)) {
  const collected = new Set(JSON.parse(readFileSync(vitestReport, 'utf8')).testResults.map((r) => r.name));
  for (const file of testFilesOnDisk()) {
    if (collected.has(file)) continue;
    results.failed++;
    failures.push(`vitest did not collect ${path.relative(ROOT, file)}`);
  }
}

// Several gateways and functions services on one PostgreSQL: their own stack, no build needed. It
// waits on its services and PostgreSQL about half its time (2 cores ~50 % busy, measured), and the
// build keeps them ~70 % busy: the two run together, the build's output live, the stage's after it.
const instancesReport = path.join(ROOT, 'e2e', 'test-results', 'instances.json');
rmSync(instancesReport, { force: true });
const instancesName = 'several instances (2 gateways, 2 functions, one PostgreSQL)';
const bothStarted = Date.now();
const instancesRun = captured('npx', ['--no-install', 'playwright', 'test', '-c', 'instances.config.ts'], {
  cwd: path.join(ROOT, 'e2e'),
});
console.log(`\n▶ build (every front-end app, once), while "${instancesName}" runs`);
const buildStatus = await new Promise((resolve) => {
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs')], { cwd: ROOT, stdio: 'inherit' });
  child.on('close', resolve);
});
const built = buildStatus === 0;
console.log(
  `  build (every front-end app, once): ${built ? 'ok' : 'FAILED'} in ${((Date.now() - bothStarted) / 1000).toFixed(1)} s`,
);
if (built) results.passed++;
else {
  results.failed++;
  failures.push('build');
}
report(instancesName, await instancesRun, bothStarted, false);
countJson(instancesReport, 'instances', (r) => ({
  passed: r.stats.expected + r.stats.flaky,
  failed: r.stats.unexpected,
  skipped: r.stats.skipped,
  which: playwrightFailures(r),
}));

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
    which: playwrightFailures(r),
  }));
}

if (flaky.length) console.log(`\nPassed only when run again (flaky):\n${flaky.join('\n')}`);
if (failures.length) {
  // The names of failed tests are indented under their runner's line.
  console.log(`\nFailures:\n${failures.map((line) => (line.startsWith(' ') ? line : `  - ${line}`)).join('\n')}`);
}
console.log(
  `\n${results.passed} passed, ${results.failed} failed${results.skipped ? `, ${results.skipped} skipped` : ''}`,
);
process.exit(results.failed || failures.length ? 1 : 0);
