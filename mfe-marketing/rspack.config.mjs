import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfigs } from '../tooling/rspack/create-config.mjs';

const appDir = path.dirname(fileURLToPath(import.meta.url));

const options = {
  appDir,
  federationName: 'marketing',
  devPort: 4001,
  kind: 'remote',
  exposes: { './App': './src/App.tsx' },
  htmlPage: 'development',
  title: 'Trasteros',
};

export default (_env, argv) => createConfigs(options, argv);
