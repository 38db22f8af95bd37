import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig } from '../tooling/rspack/create-config.mjs';

const appDir = path.dirname(fileURLToPath(import.meta.url));

export default (_env, argv) =>
  createConfig(
    {
      appDir,
      federationName: 'shell',
      devPort: 4000,
      kind: 'host',
      htmlPage: 'always',
      runtimePlugins: [path.join(appDir, 'src/remotes/resilience-plugin.ts')],
    },
    argv,
  );
