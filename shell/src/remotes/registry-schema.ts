import { z } from 'zod';

/** `/remotes.json`: federation name → URL of the remote's `mf-manifest.json`. */
export const remoteRegistrySchema = z.record(z.string().regex(/^[a-z][a-z0-9_]*$/), z.string().min(1));
export type RemoteRegistry = z.infer<typeof remoteRegistrySchema>;

export type { RemoteName } from 'shared-i18n';
