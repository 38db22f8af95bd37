import { pino } from 'pino';
import { listen, stopOnSignals } from 'shared-node/listen';
import { createGateway } from './app';
import { type GatewayConfig, loadConfig } from './config';
import { postgresRateLimits } from './rate-limit-store';
import { createRegistrySource } from './registry';
import { loadSiteConfig } from './site-config';
import { warmUp } from './warm-up';

export async function startGateway(config: GatewayConfig = loadConfig()) {
  const log = pino({ level: config.LOG_LEVEL, base: { service: 'gateway' } });
  const registry = createRegistrySource(config);
  registry.current(); // an invalid registry fails the start, not the first visitor
  const site = loadSiteConfig();
  const sharedLimits = config.GATEWAY_DATABASE_URL ? postgresRateLimits(config.GATEWAY_DATABASE_URL, log) : undefined;
  await sharedLimits
    ?.check()
    .catch((error: unknown) =>
      log.error(
        { err: error },
        'GATEWAY_DATABASE_URL: the rate-limit table cannot be read (has the functions service migrated?): limits count per gateway until it can',
      ),
    );
  const app = createGateway(config, registry, log, site, { sharedLimits });
  const { server, port, close } = await listen(app, { port: config.GATEWAY_PORT, host: config.GATEWAY_HOST });
  const url = `http://${config.GATEWAY_HOST === '127.0.0.1' ? 'localhost' : config.GATEWAY_HOST}:${port}`;
  log.info({ url }, 'gateway listening');
  if (config.GATEWAY_WARM_UP)
    void warmUp(`http://${config.GATEWAY_HOST === '0.0.0.0' ? '127.0.0.1' : config.GATEWAY_HOST}:${port}`, log);
  return {
    server,
    url,
    /** A browser holding a keep-alive connection open gets 5 s, then the port is free. */
    async stop(graceMs = 5_000) {
      await close(graceMs);
      await sharedLimits?.close();
    },
  };
}

const isMain = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isMain) {
  stopOnSignals(await startGateway());
}
