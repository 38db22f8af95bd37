// A remote's own origin: serves its production build (dist/). In production this is a CDN
// or any static host; this small server stands in for it on one machine.
//   node tooling/serve-static.mjs <dist> <port> [--spa] [--api http://127.0.0.1:8787 --functions abridor,…]
// The server itself is gateway/src/static-host.ts: with --api it is a second entrance to the
// functions, so it runs the gateway's own middleware (limits, headers, errors), not a copy.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { tsImport } from 'tsx/esm/api';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    spa: { type: 'boolean', default: false },
    api: { type: 'string' },
    // The functions the standalone app calls, comma-separated: only those are reachable here.
    functions: { type: 'string', default: '' },
    host: { type: 'string', default: '127.0.0.1' },
  },
});
const [distArg, portArg] = positionals;
if (!distArg || !portArg) {
  console.error('usage: serve-static.mjs <dist> <port> [--spa] [--api URL --functions a,b]');
  process.exit(2);
}
const dist = path.resolve(distArg);
if (!existsSync(dist)) {
  console.error(`${dist} does not exist: build the app first`);
  process.exit(1);
}

// Plain node runs this file (npm scripts, scripts/stack.mjs); tsx compiles the TypeScript it imports.
const { startStaticHost } = await tsImport('../gateway/src/static-host.ts', import.meta.url);
const host = await startStaticHost({
  dist,
  port: Number(portArg),
  host: values.host,
  spa: values.spa,
  api: values.api,
  functions: values.functions.split(',').filter(Boolean),
});
console.log(`serving ${path.relative(process.cwd(), dist) || '.'} on ${host.url}`);
const shutdown = () => {
  host.stop().finally(() => process.exit(0));
  // Open connections (a gateway's keep-alive sockets) must not hold the exit.
  host.server.closeAllConnections();
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, shutdown);
