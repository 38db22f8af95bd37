import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'mfe-account', environment: 'jsdom', globals: true, setupFiles: ['../tooling/vitest-setup-dom.ts'] },
  esbuild: { jsx: 'automatic' },
});
