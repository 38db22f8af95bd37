// zod/mini: the same validation as zod at a fraction of the weight of the shell's first load.
import * as z from 'zod/mini';

/** `/remotes.json`: federation name → URL of the remote's `mf-manifest.json`. */
export const remoteRegistrySchema = z.record(
  z.string().check(z.regex(/^[a-z][a-z0-9_]*$/)),
  z.string().check(z.minLength(1)),
);
export type RemoteRegistry = z.infer<typeof remoteRegistrySchema>;

export type { RemoteName } from 'shared-i18n';
