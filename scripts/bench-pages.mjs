// Server-rendered pages at scale: requests/s and p99 of /es and /en/calculator through the gateway
// against a static file (`/remotes.json`) on the same run, 50 connections, no cookies (an
// anonymous visitor), asked plainly and with a browser's accept-encoding. Used by `npm run bench`; alone: `node scripts/bench-pages.mjs` (builds first
// when an app has no build).
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_PAGE_SECONDS ?? 10);

/**
 * One autocannon run, as a promise of its result.
 * @param {{ url: string, connections: number, duration: number }} options
 * @returns {Promise<autocannon.Result>}
 */
export const loadTest = (options) =>
  new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });

/**
 * @param {string} gatewayUrl
 * @returns {Promise<{ path: string, encoding: string | null, requests: number, p99: number, non2xx: number }[]>}
 */
export async function measureServerRendering(gatewayUrl) {
  const paths = ['/remotes.json', '/es', '/en/calculator'];
  // A short run of each first: the renderer loads its remotes and the JIT warms, in neither figure.
  for (const path of paths) await loadTest({ url: `${gatewayUrl}${path}`, connections: 10, duration: 2 });
  const results = [];
  // Asked plainly, and as every browser asks: taking gzip or Brotli (the page is then compressed).
  for (const encoding of [null, BROWSER_ENCODINGS]) {
    for (const path of paths) {
      const result = await loadTest({
        url: `${gatewayUrl}${path}`,
        connections: CONNECTIONS,
        duration: SECONDS,
        ...(encoding ? { headers: { 'accept-encoding': encoding } } : {}),
      });
      results.push({
        path,
        encoding,
        requests: result.requests.average,
        p99: result.latency.p99,
        non2xx: result.non2xx,
      });
    }
  }
  return results;
}

/** What Chromium sends. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

export const PAGES_HEADING = '## Server-rendered pages at scale';

/** @param {Awaited<ReturnType<typeof measureServerRendering>>} results */
export function formatServerRendering(results) {
  const staticFile = (encoding) => results.find((r) => r.path === '/remotes.json' && r.encoding === encoding);
  return [
    `| GET, ${CONNECTIONS} connections, ${SECONDS} s, no cookies | req/s | p99 | ÷ static file | non-2xx |`,
    '|---|---|---|---|---|',
    ...results.map((r) => {
      const base = staticFile(r.encoding);
      const what = r.path === '/remotes.json' ? 'a static file' : 'server-rendered';
      const asked = r.encoding ? `, accept-encoding: ${r.encoding}` : '';
      return `| ${r.path} (${what}${asked}) | ${r.requests.toFixed(0)} | ${r.p99} ms | ${base ? (r.requests / base.requests).toFixed(2) : '–'} | ${r.non2xx} |`;
    }),
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { buildFrontends, ensureInstalled, onSupportedNode } = await import('./lib.mjs');
  const { startStack } = await import('./stack.mjs');
  ensureInstalled();
  onSupportedNode();
  if (process.env.BENCH_BUILD !== '0') buildFrontends();
  const stack = await startStack({
    gatewayPort: 28180,
    functionsPort: 28887,
    remotePortBase: 28100,
    quiet: true,
    // As `npm start` runs it (no development outbox), on a database of its own.
    env: { PGLITE_DATA_DIR: 'memory://', LOG_LEVEL: 'warn' },
  });
  try {
    console.log(formatServerRendering(await measureServerRendering(stack.gatewayUrl)));
  } finally {
    stack.stop();
  }
}
