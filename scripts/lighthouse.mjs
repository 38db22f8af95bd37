// Lighthouse (mobile defaults: simulated slow 4G and a 4× slower CPU) on the public routes, three
// runs each, the median kept. Used by `npm run bench`; runnable alone against a running site:
//   node scripts/lighthouse.mjs http://localhost:8080 [/es /en/facilities …]
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { PUBLIC_ROUTES } from './public-routes.mjs';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Median performance score, LCP, CLS, TBT, transferred JS and the machine's benchmark index per route. */
export async function measurePages(baseUrl, routes = PUBLIC_ROUTES, log = console.log) {
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const results = [];
  try {
    for (const route of routes) {
      const runs = [];
      let failure = '';
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(`${baseUrl}${route}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          // The not-found page answers 404 on purpose; its first paint counts like any other.
          ignoreStatusCode: true,
        });
        if (!result) throw new Error(`Lighthouse returned no report for ${route}`);
        const { lhr } = result;
        // A page Lighthouse could not load at all.
        if (lhr.runtimeError) {
          log(`${route}: not audited (${lhr.runtimeError.code})`);
          failure = lhr.runtimeError.code;
          break;
        }
        const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
        const requests = lhr.audits['network-requests']?.details;
        const scripts = (requests && 'items' in requests ? requests.items : []).filter(
          (item) => item.resourceType === 'Script',
        );
        runs.push({
          score: lhr.categories.performance?.score ?? Number.NaN,
          lcp: audit('largest-contentful-paint'),
          cls: audit('cumulative-layout-shift'),
          tbt: audit('total-blocking-time'),
          js: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
          // Lighthouse's own measure of the machine's speed at the run (higher is faster).
          benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
        });
      }
      if (runs.length === 0) {
        results.push({ route, skipped: failure });
        continue;
      }
      const result = {
        route,
        score: median(runs.map((r) => r.score)),
        lcp: median(runs.map((r) => r.lcp)),
        cls: median(runs.map((r) => r.cls)),
        tbt: median(runs.map((r) => r.tbt)),
        js: median(runs.map((r) => r.js)),
        benchmarkIndex: median(runs.map((r) => r.benchmarkIndex)),
      };
      log(
        `${route}: perf ${result.score.toFixed(2)} · LCP ${(result.lcp / 1000).toFixed(2)} s · CLS ${result.cls.toFixed(3)} · TBT ${Math.round(result.tbt)} ms · JS ${(result.js / 1024).toFixed(1)} KB`,
      );
      results.push(result);
    }
  } finally {
    await chrome.kill();
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [baseUrl = 'http://localhost:8080', ...routes] = process.argv.slice(2);
  await measurePages(baseUrl, routes.length ? routes : PUBLIC_ROUTES);
}
