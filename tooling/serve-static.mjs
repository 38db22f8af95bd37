// A remote's own origin: serves its production build (dist/). In production this is a CDN
// or any static host; this small server stands in for it on one machine.
//   node tooling/serve-static.mjs <dist> <port> [--spa] [--api http://127.0.0.1:8787]
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import compression from 'compression';
import express from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    spa: { type: 'boolean', default: false },
    api: { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
  },
});
const [distArg, portArg] = positionals;
if (!distArg || !portArg) {
  console.error('usage: serve-static.mjs <dist> <port> [--spa] [--api URL]');
  process.exit(2);
}
const dist = path.resolve(distArg);
if (!existsSync(dist)) {
  console.error(`${dist} does not exist: build the app first`);
  process.exit(1);
}

const app = express();
app.disable('x-powered-by');
app.use(compression());
app.use((_req, res, next) => {
  // Manifests and chunks are fetched by the shell's origin.
  res.setHeader('access-control-allow-origin', '*');
  next();
});
// The standalone door app calls the functions on its own origin.
if (values.api) app.use(createProxyMiddleware({ target: values.api, pathFilter: '/functions/v1', xfwd: true }));
app.use(
  express.static(dist, {
    index: values.spa ? 'index.html' : false,
    setHeaders: (res, filePath) => {
      const hashed = /\.[0-9a-f]{8,}\.[a-z0-9]+(\.map)?$/i.test(filePath);
      res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  }),
);
if (values.spa) app.get('/{*splat}', (_req, res) => res.sendFile(path.join(dist, 'index.html')));

const server = app.listen(Number(portArg), values.host, () => {
  console.log(`serving ${path.relative(process.cwd(), dist) || '.'} on http://${values.host}:${portArg}`);
});
// The gateway reuses idle connections for 5 s (Node's keep-alive agent). If this server closed
// them at the same moment, a reused socket would reset and the visitor would get a 502: keep
// them open longer than the client does, so the client always closes first.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0));
