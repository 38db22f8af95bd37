// `npm run backup` and `npm run restore -- <archive>`: the functions service's backup command
// (functions/src/backup-cli.ts) on the project's Node, with the service's own settings.
import { spawnSync } from 'node:child_process';
import { onSupportedNode, ROOT } from './lib.mjs';

onSupportedNode();
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', 'functions/src/backup-cli.ts', ...process.argv.slice(2)],
  { cwd: ROOT, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
