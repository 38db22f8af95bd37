import type { GatewayConfig } from './config';
import type { RegistrySource } from './registry';

export interface UpstreamHealth {
  ok: boolean;
  status?: number;
  ms: number;
  error?: string;
}

async function probe(url: string, timeoutMs: number): Promise<UpstreamHealth> {
  const started = performance.now();
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    return { ok: response.ok, status: response.status, ms: Math.round(performance.now() - started) };
  } catch (error) {
    return { ok: false, ms: Math.round(performance.now() - started), error: (error as Error).message };
  }
}

/** Health of every upstream: the functions service and each proxied remote's manifest. */
export async function checkUpstreams(config: GatewayConfig, registry: RegistrySource, timeoutMs = 2_000) {
  const targets: [string, string][] = [['functions', `${config.FUNCTIONS_URL}/healthz`]];
  for (const [name, entry] of Object.entries(registry.current())) {
    if ('origin' in entry) targets.push([name, `${entry.origin}/mf-manifest.json`]);
  }
  const results = await Promise.all(targets.map(async ([name, url]) => [name, await probe(url, timeoutMs)] as const));
  const upstreams = Object.fromEntries(results);
  // Which Node runs it: the project's LTS (from the npm registry), whatever the machine has.
  return { status: results.every(([, r]) => r.ok) ? 'ok' : 'degraded', node: process.version, upstreams };
}
