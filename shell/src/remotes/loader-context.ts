import { type ComponentType, createContext } from 'react';
import type { RemoteAppProps, SessionKind } from 'shared-i18n';
import type { RemoteName } from './registry-schema';

export interface RemoteLoader {
  load(name: RemoteName): Promise<ComponentType<RemoteAppProps>>;
  /** Forgets a failed load, so that Retry loads again. */
  reset(name: RemoteName): void;
  /**
   * Whether a failed load is tried once more by itself before Retry shows (the browser's); the
   * server's is not: within its time budget it leaves the slot to the browser instead.
   */
  retriesOnce?: boolean;
}

/**
 * The one way a slot gets its remote: the browser's registry seam when nobody provides one; the
 * server renderer provides the federation's Node runtime (with a time budget), tests a stand-in.
 */
export const RemoteLoaderContext = createContext<RemoteLoader | null>(null);

/**
 * The digest the server gives a slot it left to the browser on purpose (a remote without
 * server output): the browser renders that slot without reporting it as an error.
 */
export const CLIENT_ONLY_DIGEST = 'client-only-remote';

/**
 * Sessions the page's request surely had none of, as the gateway said (`RemoteAppProps.signedOut`):
 * from the request on the server, from `<html data-signed-out>` in the browser, so both render
 * the same.
 */
export const SignedOutContext = createContext<readonly SessionKind[]>([]);
