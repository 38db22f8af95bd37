// `npm run bench`: measures, prints and writes BENCHMARKS.md. Not a test: figures, not verdicts.
//  - sign-ins of real members while 10 addresses flood the back-office login (scripts/bench-login-flood.mjs)
//  - 100 sign-ups at once through the gateway, from 100 addresses, on PGlite and on PostgreSQL (scripts/bench-signups.mjs)
//  - the staff member's wait when they countersign (scripts/bench-countersign.mjs)
//  - the PIN check at the door at the PIN hash cost and at a password's (scripts/bench-door-pin.mjs)
//  - a remittance of 5,000 collections and a day's arrears checks of 10,000 tenants (scripts/bench-billing.mjs)
//  - gzip size of the JS loaded for /es, the extra JS to open /es/calculadora from there, then /es/alta
//  - clean build time of all front-end apps
//  - requests/s through the gateway ÷ requests/s straight to the functions service, same endpoint
//  - Lighthouse (mobile defaults, median of 3) on every public route and the standalone door
//  - when React has taken each route over (every remote's), on throttled network and CPU
//  - server-rendered pages at 50 connections against a static file (scripts/bench-pages.mjs)
// The previous run's figures stay beside the new ones (scripts/bench-report.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { BILLING_HEADING, formatBilling, measureBilling } from './bench-billing.mjs';
import { COUNTERSIGN_HEADING, formatCountersign, measureCountersign } from './bench-countersign.mjs';
import { formatDoorPin, measureDoorPin } from './bench-door-pin.mjs';
import { formatLoginFlood, measureLoginFlood } from './bench-login-flood.mjs';
import { formatServerRendering, loadTest, measureServerRendering, PAGES_HEADING } from './bench-pages.mjs';
import { withPreviousFigures } from './bench-report.mjs';
import { formatSignups, runSignupsBench, SIGNUPS_HEADING } from './bench-signups.mjs';
import { measureHydration } from './hydration.mjs';
import { buildFrontends, ensureInstalled, FRONTEND_APPS, onSupportedNode, ROOT } from './lib.mjs';
import { measurePages } from './lighthouse.mjs';
import { PUBLIC_ROUTES } from './public-routes.mjs';
import { startStack } from './stack.mjs';

const LIGHTHOUSE_VERSION = JSON.parse(
  readFileSync(path.join(ROOT, 'node_modules', 'lighthouse', 'package.json'), 'utf8'),
).version;
const PORTS = { gateway: 28080, functions: 28787, remoteBase: 28000 };
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 10;
const HYDRATION_ROUTES = [
  '/es',
  '/en',
  '/es/instalaciones',
  '/es/calculadora',
  '/es/alta',
  '/es/privacidad',
  '/es/terminos',
  '/es/mi-cuenta',
  '/gestion',
  '/abridor',
];

ensureInstalled();
onSupportedNode();

/**
 * The machine's own speed, by the same fixed work every run (100 million steps of a loop): every
 * other figure moves with it, so a run on a slower (or busier) machine says so first.
 */
function cpuCalibration() {
  const started = performance.now();
  let sum = 0;
  for (let i = 0; i < 1e8; i++) sum = (sum + i) % 1_000_003;
  if (sum < 0) console.log(sum);
  return performance.now() - started;
}
const calibrationMs = Math.min(cpuCalibration(), cpuCalibration(), cpuCalibration());

// 1. Clean build of every app, one after the other (as `npm start` does).
for (const app of FRONTEND_APPS) rmSync(path.join(ROOT, app, 'dist'), { recursive: true, force: true });
const buildStarted = performance.now();
buildFrontends();
const buildSeconds = (performance.now() - buildStarted) / 1000;

// 2. The sign-in hash flood, on its own functions service, before anything else runs.
console.log('\nSign-in hash flood:');
const flood = await measureLoginFlood();
console.log(formatLoginFlood(flood));
console.log('\nCountersigning in the back-office:');
const countersign = measureCountersign();
console.log(formatCountersign(countersign));
console.log('\nPIN check at the door:');
const doorPin = await measureDoorPin();
console.log(formatDoorPin(doorPin));

console.log('\nSign-ups at once:');
const signups = await runSignupsBench(Number(process.env.BENCH_SIGNUPS ?? 100));
console.log(formatSignups(signups));
// The same on PostgreSQL: the embedded database answers one query at a time, a server several.
console.log('\nSign-ups at once on PostgreSQL:');
const signupsOnPostgres = await runSignupsBench(Number(process.env.BENCH_SIGNUPS ?? 100), 'postgres');
console.log(formatSignups(signupsOnPostgres));

// 3. Rent collection at scale, in a process of its own, before the stack starts.
console.log('\nRent collection at scale:');
const billing = measureBilling();
console.log(formatBilling(billing));

const stack = await startStack({
  gatewayPort: PORTS.gateway,
  functionsPort: PORTS.functions,
  remotePortBase: PORTS.remoteBase,
  quiet: true,
  env: {
    PGLITE_DATA_DIR: 'memory://',
    NODE_ENV: 'test',
    DEV_OUTBOX: '1',
    GATEWAY_RATE_LIMIT: '100000000',
    GATEWAY_ADDRESS_RATE_LIMIT: '100000000',
    LOG_LEVEL: 'warn',
  },
});

try {
  // 2. JavaScript weight, as a first-time visitor's browser fetches it.
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const page = await browser.newPage();
  const scripts = new Map();
  const onTheWire = new Map();
  page.on('response', async (response) => {
    const url = response.url();
    if (response.request().resourceType() !== 'script' && !url.endsWith('.js')) return;
    try {
      // Both or neither: the file is counted in each total once it is in both maps.
      const [body, sizes] = await Promise.all([response.body(), response.request().sizes()]);
      scripts.set(url, gzipSync(body).length);
      onTheWire.set(url, sizes.responseBodySize);
    } catch {
      // redirects and aborted loads have no body
    }
  });
  await page.goto(`${stack.gatewayUrl}/es`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).waitFor();
  const homeScripts = new Map(scripts);
  const homeWireKb = [...homeScripts.keys()].reduce((total, url) => total + (onTheWire.get(url) ?? 0), 0) / 1024;
  await page.getByRole('contentinfo').getByRole('link', { name: 'Calculadora' }).click();
  await page.getByRole('heading', { name: 'Calculadora de volumen' }).waitFor();
  await page.waitForLoadState('networkidle');
  const extra = [...scripts].filter(([url]) => !homeScripts.has(url));
  // Then the sign-up, reached inside the app (the router follows history, no reload).
  const beforeSignup = new Map(scripts);
  await page.evaluate(() => {
    history.pushState({}, '', '/es/alta');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await page.getByLabel('Nombre completo *').waitFor();
  await page.waitForLoadState('networkidle');
  const signupExtra = [...scripts].filter(([url]) => !beforeSignup.has(url));
  // 3. When a tap starts to work: the page taken over by React, on a throttled phone.
  const hydration = [];
  // Every route a remote renders (a page without one, the 404, has nothing to take over).
  for (const route of HYDRATION_ROUTES) {
    hydration.push({ route, ms: await measureHydration(browser, `${stack.gatewayUrl}${route}`, 3) });
  }
  await browser.close();
  const sum = (entries) => entries.reduce((total, [, size]) => total + size, 0);
  const homeKb = sum([...homeScripts]) / 1024;
  const calculatorKb = sum(extra) / 1024;
  const signupKb = sum(signupExtra) / 1024;

  // 4. Throughput: the same function endpoint, straight and through the gateway.
  const endpoint = '/functions/v1/outbox?limit=1';
  const load = (url) => loadTest({ url, connections: CONNECTIONS, duration: LOAD_SECONDS });
  await load(`${stack.functionsUrl}${endpoint}`); // warm-up is part of neither figure
  const direct = await load(`${stack.functionsUrl}${endpoint}`);
  const viaGateway = await load(`${stack.gatewayUrl}${endpoint}`);
  const ratio = viaGateway.requests.average / direct.requests.average;
  console.log('\nServer-rendered pages at scale:');
  const serverRendering = await measureServerRendering(stack.gatewayUrl);
  console.log(formatServerRendering(serverRendering));

  // 5. Page speed, as Lighthouse sees it on a mid-range phone.
  console.log('\nLighthouse (mobile, median of 3):');
  const pages = [
    // The public routes, and the back-office's sign-in (staff on their phones too).
    ...(await measurePages(stack.gatewayUrl, [...PUBLIC_ROUTES, '/gestion'])),
    ...(await measurePages(`http://127.0.0.1:${PORTS.remoteBase + 4}`, ['/abridor'])).map((r) => ({
      ...r,
      route: `${r.route} (standalone)`,
    })),
  ];
  const pageTable = [
    '| route | perf | LCP | CLS | TBT | JS transferred |',
    '|---|---|---|---|---|---|',
    ...pages.map((r) =>
      'skipped' in r
        ? `| ${r.route} | not audited: ${r.skipped} | | | | |`
        : `| ${r.route} | ${r.score.toFixed(2)} | ${(r.lcp / 1000).toFixed(2)} s | ${r.cls.toFixed(3)} | ${Math.round(r.tbt)} ms | ${(r.js / 1024).toFixed(1)} KB |`,
    ),
  ].join('\n');

  const indexes = pages.flatMap((r) =>
    'benchmarkIndex' in r && Number.isFinite(r.benchmarkIndex) ? [r.benchmarkIndex] : [],
  );
  const benchmarkIndex = indexes.length ? indexes.sort((a, b) => a - b)[Math.floor(indexes.length / 2)] : Number.NaN;
  // The user agent says only the major version (156.0.0.0): the binary says which build.
  const lighthouseBrowser =
    /[\d.]+/.exec(spawnSync('/usr/bin/chromium', ['--version'], { encoding: 'utf8' }).stdout ?? '')?.[0] ?? 'unknown';
  const rows = [
    [
      'this machine: a fixed CPU loop',
      `${Math.round(calibrationMs)} ms`,
      'fastest of 3; the other figures move with it',
    ],
    ['JS loaded for /es (gzip)', `${homeKb.toFixed(1)} KB`, `${homeScripts.size} files`],
    ['JS for /es as sent (Brotli, built beside each file)', `${homeWireKb.toFixed(1)} KB`, 'what the browser received'],
    ['extra JS to open /es/calculadora (gzip)', `${calculatorKb.toFixed(1)} KB`, `${extra.length} files`],
    ['extra JS to open /es/alta after that (gzip)', `${signupKb.toFixed(1)} KB`, `${signupExtra.length} files`],
    ...hydration.map(({ route, ms }) => [
      `${route} taken over by React`,
      `${(ms / 1000).toFixed(2)} s`,
      'slow 4G and 4× CPU in Chromium (devtools throttling), median of 3',
    ]),
    ['clean build of all front-end apps', `${buildSeconds.toFixed(1)} s`, 'sequential, production'],
    [
      'functions direct',
      `${direct.requests.average.toFixed(0)} req/s`,
      `p99 ${direct.latency.p99} ms, ${direct.non2xx} non-2xx`,
    ],
    [
      'through the gateway',
      `${viaGateway.requests.average.toFixed(0)} req/s`,
      `p99 ${viaGateway.latency.p99} ms, ${viaGateway.non2xx} non-2xx`,
    ],
    ['gateway ÷ direct', ratio.toFixed(2), `GET ${endpoint}, ${CONNECTIONS} connections, ${LOAD_SECONDS} s each`],
  ];
  const table = ['| measure | value | notes |', '|---|---|---|', ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
  const when = new Date().toISOString().replace('T', ' ').slice(0, 16);
  const machine = `${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
  const report = `# Benchmarks\n\nWritten by \`npm run bench\` on ${when} UTC (${machine}). Figures, not pass/fail: compare runs on the same machine.\n\n${table}\n\n${PAGES_HEADING}\n\n${formatServerRendering(serverRendering)}\n\nAnonymous public pages are rendered once per path, facility day and release and kept (\`gateway/src/page-cache.ts\`); each response gets its own CSP nonce in the kept page. A visitor with cookies, a query or a private page is rendered each time.\n\n## Sign-in hash flood\n\n${formatLoginFlood(flood)}\n\n${SIGNUPS_HEADING}\n\n${formatSignups(signups)}\n\nThe same on PostgreSQL 15 (a throwaway cluster of this machine's, \`fsync=off\`, the service's pool of 10 connections):\n\n${formatSignups(signupsOnPostgres)}\n\n${COUNTERSIGN_HEADING}\n\n${formatCountersign(countersign)}\n\n## PIN check at the door\n\n${formatDoorPin(doorPin)}\n\n${BILLING_HEADING}\n\n${formatBilling(billing)}\n\n## Lighthouse, mobile defaults (median of 3)\n\n${pageTable}\n\n- JS sizes: every script the browser fetched, gzip-compressed here (level 6), first visit, empty cache.\n- Throughput: autocannon on loopback, PGlite in memory; the gateway adds logging, security headers, compression, rate limiting and a proxy hop.\n- Lighthouse ${LIGHTHOUSE_VERSION}: simulated slow 4G and 4× CPU slowdown, \`/usr/bin/chromium\` headless; JS transferred is what Lighthouse counted (compressed). Chromium ${lighthouseBrowser}; Lighthouse's benchmark index of this machine during the runs (median): ${Math.round(benchmarkIndex)}. TBT moves with both: the same build measured 25 ms one morning here on Chromium 156.0.8078.73 and 870 ms that evening on 156.0.8078.108, installed in between.\n`;
  const reportFile = path.join(ROOT, 'BENCHMARKS.md');
  const previous = existsSync(reportFile) ? readFileSync(reportFile, 'utf8') : null;
  writeFileSync(reportFile, withPreviousFigures(report, previous));
  console.log(`\n${table}\n\n${pageTable}\n\nWritten to BENCHMARKS.md`);
} finally {
  stack.stop();
}
