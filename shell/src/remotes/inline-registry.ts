import type { RemoteRegistry } from './registry-schema';
import { REMOTE_NAME } from './remote-name';

/**
 * Whether the registry the gateway inlined in the page has the registry's shape. The gateway
 * validated it with `remoteRegistrySchema` before writing it, so the first load need not carry
 * zod to check it again; the same rules, written out, keep a broken block from being used.
 */
export function isRemoteRegistry(value: unknown): value is RemoteRegistry {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.entries(value).every(
    ([name, manifest]) => REMOTE_NAME.test(name) && typeof manifest === 'string' && manifest.length > 0,
  );
}
