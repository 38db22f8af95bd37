import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfigs } from '../tooling/rspack/create-config.mjs';

const appDir = path.dirname(fileURLToPath(import.meta.url));

export default (_env, argv) =>
  createConfigs(
    {
      appDir,
      federationName: 'backoffice',
      devPort: 4005,
      kind: 'remote',
      exposes: { './App': './src/App.tsx' },
      standalone: true,
      title: 'Gestión',
    },
    argv,
  );
