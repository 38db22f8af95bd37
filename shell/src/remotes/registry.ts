import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { RemoteAppProps } from 'shared-i18n';
import { isRemoteRegistry } from './inline-registry';
import type { RemoteName, RemoteRegistry } from './registry-schema';

/**
 * The one seam through which the shell loads remotes. Remotes are registered at run time
 * from `/remotes.json`, so releasing a remote needs only that remote's build.
 */

let registry: RemoteRegistry = {};

/** The gateway inlines the registry in the HTML (one request less); fetch it otherwise. */
export async function loadRegistry(doc: Document = document): Promise<RemoteRegistry> {
  const inline = doc.getElementById('remotes-registry')?.textContent;
  if (inline) {
    let json: unknown = null;
    try {
      json = JSON.parse(inline);
    } catch {
      // reported below with the schema's verdict
    }
    if (isRemoteRegistry(json)) return json;
    console.error('[shell] inline remote registry is invalid; fetching /remotes.json');
  }
  try {
    const response = await fetch('/remotes.json', { cache: 'no-store' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const { remoteRegistrySchema } = await import('./registry-schema');
    return remoteRegistrySchema.parse(await response.json());
  } catch (error) {
    // The shell still renders: every remote slot will show its own fallback with Retry.
    console.error('[shell] could not load /remotes.json', error);
    return {};
  }
}

export function registerRemoteApps(entries: RemoteRegistry): void {
  registry = entries;
  registerRemotes(Object.entries(entries).map(([name, entry]) => ({ name, entry })));
}

export class RemoteUnavailableError extends Error {
  constructor(readonly remote: RemoteName) {
    super(`Remote "${remote}" is not available`);
    this.name = 'RemoteUnavailableError';
  }
}

export async function loadRemoteApp(name: RemoteName): Promise<ComponentType<RemoteAppProps>> {
  if (!registry[name]) throw new RemoteUnavailableError(name);
  const module = await loadRemote<{ default?: ComponentType<RemoteAppProps> }>(`${name}/App`);
  if (!module?.default) throw new RemoteUnavailableError(name);
  return module.default;
}

/** Forgets a failed load so the next attempt fetches the manifest and entry again. */
export function resetRemote(name: RemoteName): void {
  const entry = registry[name];
  if (entry) registerRemotes([{ name, entry }], { force: true });
}
