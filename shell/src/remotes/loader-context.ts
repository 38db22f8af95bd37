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
