import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfigs } from '../tooling/rspack/create-config.mjs';

const appDir = path.dirname(fileURLToPath(import.meta.url));

const options = {
  appDir,
  federationName: 'shell',
  devPort: 4000,
  kind: 'host',
  htmlPage: 'always',
  runtimePlugins: [path.join(appDir, 'src/remotes/resilience-plugin.ts')],
  serverEntry: './src/server/render.tsx',
};

export default (_env, argv) => createConfigs(options, argv);
