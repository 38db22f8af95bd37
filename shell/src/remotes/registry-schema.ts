// zod/mini, loaded only when the registry is fetched: the shell's first load does not carry it.
import * as z from 'zod/mini';
import { REMOTE_NAME } from './remote-name';

/** `/remotes.json`: federation name → URL of the remote's `mf-manifest.json`. */
export const remoteRegistrySchema = z.record(z.string().check(z.regex(REMOTE_NAME)), z.string().check(z.minLength(1)));
export type RemoteRegistry = z.infer<typeof remoteRegistrySchema>;

export type { RemoteName } from 'shared-i18n';
