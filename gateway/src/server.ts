import type { Server } from 'node:http';
import { pino } from 'pino';
import { answerClientErrorsWithJson } from 'shared-node/http';
import { createGateway } from './app';
import { type GatewayConfig, loadConfig } from './config';
import { createRegistrySource } from './registry';
import { loadSiteConfig } from './site-config';
import { warmUp } from './warm-up';

export async function startGateway(config: GatewayConfig = loadConfig()) {
  const log = pino({ level: config.LOG_LEVEL, base: { service: 'gateway' } });
  const registry = createRegistrySource(config);
  registry.current(); // an invalid registry fails the start, not the first visitor
  const site = loadSiteConfig();
  const app = createGateway(config, registry, log, site);
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(config.GATEWAY_PORT, config.GATEWAY_HOST, () => resolve(s));
  });
  answerClientErrorsWithJson(server);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.GATEWAY_PORT;
  const url = `http://${config.GATEWAY_HOST === '127.0.0.1' ? 'localhost' : config.GATEWAY_HOST}:${port}`;
  log.info({ url }, 'gateway listening');
  if (config.GATEWAY_WARM_UP)
    void warmUp(`http://${config.GATEWAY_HOST === '0.0.0.0' ? '127.0.0.1' : config.GATEWAY_HOST}:${port}`, log);
  return {
    server,
    url,
    /**
     * Stops accepting, ends idle keep-alive connections at once and the rest after a grace
     * period: a browser holding a connection open must not keep the port for the next start.
     */
    stop: (graceMs = 5_000) =>
      new Promise<void>((resolve) => {
        const force = setTimeout(() => {
          server.closeAllConnections();
          resolve();
        }, graceMs);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}

const isMain = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isMain) {
  const gateway = await startGateway();
  const shutdown = () => {
    gateway.stop().finally(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
