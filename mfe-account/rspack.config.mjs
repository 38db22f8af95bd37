import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfigs } from '../tooling/rspack/create-config.mjs';

const appDir = path.dirname(fileURLToPath(import.meta.url));

export default (_env, argv) =>
  createConfigs(
    {
      appDir,
      federationName: 'account',
      devPort: 4006,
      kind: 'remote',
      exposes: { './App': './src/App.tsx' },
      htmlPage: 'development',
      title: 'Mi cuenta',
    },
    argv,
  );
