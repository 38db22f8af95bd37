// A remote's own origin: serves its production build (dist/). In production this is a CDN
// or any static host; this small server stands in for it on one machine.
//   node tooling/serve-static.mjs <dist> <port> [--spa] [--api http://127.0.0.1:8787 --functions abridor,…]
//   node tooling/serve-static.mjs --origins '[{"dist":"…","port":3001,"spa":false,"api":"…","functions":["…"]}, …]'
// The second form runs several origins (each on its own port) in one process: the suite's six
// remotes cost one process's start instead of six (about 1 s of CPU each, scripts/stack.mjs).
// The server itself is gateway/src/static-host.ts: with --api it is a second entrance to the
// functions, so it runs the gateway's own middleware (limits, headers, errors), not a copy.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { tsImport } from 'tsx/esm/api';

const USAGE =
  'usage: serve-static.mjs <dist> <port> [--spa] [--api URL --functions a,b]\n' +
  '       serve-static.mjs --origins \'[{"dist":…,"port":…,"spa":…,"api":…,"functions":[…]}]\'';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    spa: { type: 'boolean', default: false },
    api: { type: 'string' },
    // The functions the standalone app calls, comma-separated: only those are reachable here.
    functions: { type: 'string', default: '' },
    host: { type: 'string', default: '127.0.0.1' },
    origins: { type: 'string' },
  },
});

/** @typedef {{ dist: string, port: number, spa?: boolean, api?: string, functions?: string[] }} Origin */

/** @returns {Origin[]} */
function originsFromArgs() {
  if (values.origins) {
    const list = JSON.parse(values.origins);
    if (
      !Array.isArray(list) ||
      !list.length ||
      list.some((o) => typeof o?.dist !== 'string' || !Number.isInteger(o?.port))
    ) {
      console.error(USAGE);
      process.exit(2);
    }
    return list;
  }
  const [distArg, portArg] = positionals;
  if (!distArg || !portArg) {
    console.error(USAGE);
    process.exit(2);
  }
  return [
    {
      dist: distArg,
      port: Number(portArg),
      spa: values.spa,
      api: values.api,
      functions: values.functions.split(',').filter(Boolean),
    },
  ];
}

const origins = originsFromArgs().map((origin) => ({ ...origin, dist: path.resolve(origin.dist) }));
for (const { dist } of origins) {
  if (existsSync(dist)) continue;
  console.error(`${dist} does not exist: build the app first`);
  process.exit(1);
}

// Plain node runs this file (npm scripts, scripts/stack.mjs); tsx compiles the TypeScript it imports.
const { startStaticHost } = await tsImport('../gateway/src/static-host.ts', import.meta.url);
const hosts = [];
for (const origin of origins) {
  const host = await startStaticHost({
    dist: origin.dist,
    port: origin.port,
    host: values.host,
    spa: origin.spa ?? false,
    api: origin.api,
    functions: origin.functions ?? [],
  });
  hosts.push(host);
  console.log(`serving ${path.relative(process.cwd(), origin.dist) || '.'} on ${host.url}`);
}
const shutdown = () => {
  Promise.allSettled(hosts.map((host) => host.stop())).finally(() => process.exit(0));
  // Open connections (a gateway's keep-alive sockets) must not hold the exit.
  for (const host of hosts) host.server.closeAllConnections();
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, shutdown);
