import { readFileSync, statSync } from 'node:fs';
import { z } from 'zod';
import type { GatewayConfig } from './config';

/**
 * A remote is either proxied by the gateway from its own origin (`/remotes/<name>/…`),
 * or published straight from elsewhere (a CDN) by its manifest URL.
 */
const remoteEntry = z.union([
  z.object({ origin: z.url() }).strict(),
  z.object({ manifest: z.string().min(1) }).strict(),
]);
const registryFile = z.record(z.string().regex(/^[a-z][a-z0-9_]*$/), remoteEntry);
export type RemoteConfig = z.infer<typeof registryFile>;

/** What browsers get as `/remotes.json`: name → manifest URL. */
export function publicRegistry(remotes: RemoteConfig): Record<string, string> {
  return Object.fromEntries(
    Object.entries(remotes).map(([name, entry]) => [
      name,
      'origin' in entry ? `/remotes/${name}/mf-manifest.json` : entry.manifest,
    ]),
  );
}

/**
 * Where the renderer fetches a remote's manifest: straight from its origin (no hop through
 * this gateway), or the published URL, made absolute against the gateway when relative.
 */
export function serverManifestUrl(remotes: RemoteConfig, name: string, gatewayBase: string): string | null {
  const entry = remotes[name];
  if (!entry) return null;
  if ('origin' in entry) return `${entry.origin.replace(/\/$/, '')}/mf-manifest.json`;
  return new URL(entry.manifest, gatewayBase).href;
}

export function parseRemoteConfig(json: string): RemoteConfig {
  return registryFile.parse(JSON.parse(json));
}

/**
 * Reads the registry from GATEWAY_REMOTES or its file. The file is re-read when it changes,
 * so releasing a remote to a new URL needs no gateway restart.
 */
export function createRegistrySource(config: Pick<GatewayConfig, 'GATEWAY_REMOTES' | 'GATEWAY_REMOTES_FILE'>) {
  if (config.GATEWAY_REMOTES) {
    const fixed = parseRemoteConfig(config.GATEWAY_REMOTES);
    return { current: () => fixed };
  }
  let cached: { mtimeMs: number; remotes: RemoteConfig } | null = null;
  return {
    current(): RemoteConfig {
      const { mtimeMs } = statSync(config.GATEWAY_REMOTES_FILE);
      if (!cached || cached.mtimeMs !== mtimeMs) {
        cached = { mtimeMs, remotes: parseRemoteConfig(readFileSync(config.GATEWAY_REMOTES_FILE, 'utf8')) };
      }
      return cached.remotes;
    },
  };
}
export type RegistrySource = ReturnType<typeof createRegistrySource>;

/** The origins of the releases published elsewhere (a CDN): what the pages' CSP must let load. */
export function publishedOrigins(remotes: RemoteConfig): string[] {
  const origins = new Set<string>();
  for (const entry of Object.values(remotes)) {
    if ('manifest' in entry && /^https?:\/\//.test(entry.manifest)) origins.add(new URL(entry.manifest).origin);
  }
  return [...origins];
}
