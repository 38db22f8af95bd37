import { type ComponentType, createContext } from 'react';
import type { RemoteAppProps } from 'shared-i18n';
import type { RemoteName } from './registry-schema';

/**
 * How a slot loads its remote: the browser's registry seam by default; the server renderer
 * provides its own (the Node runtime, with a time budget).
 */
export const RemoteLoaderContext = createContext<((name: RemoteName) => Promise<ComponentType<RemoteAppProps>>) | null>(
  null,
);

/**
 * The digest the server gives a slot it left to the browser on purpose (a remote without
 * server output): the browser renders that slot without reporting it as an error.
 */
export const CLIENT_ONLY_DIGEST = 'client-only-remote';
