import type { Server } from 'node:http';
import { pino } from 'pino';
import { createGateway } from './app';
import { type GatewayConfig, loadConfig } from './config';
import { answerClientErrorsWithJson } from './errors';
import { createRegistrySource } from './registry';
import { loadSiteConfig } from './site-config';

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
  return {
    server,
    url,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
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
