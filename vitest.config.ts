import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { FRONTEND_APPS } from './scripts/lib.mjs';
import { mockedModulesProject } from './tooling/vitest-dom.mjs';

/** The packages whose tests render in a DOM (tooling/vitest-dom.mjs). */
const DOM_PACKAGES = ['shared-ui', ...FRONTEND_APPS];

// One Vitest run over every package; each package keeps its own vitest.config.ts.
export default defineConfig({
  test: {
    // With one worker per core, the cores idle a third of the time (the workers wait on PostgreSQL,
    // sockets, timers); half as many workers again keep them busy. Measured on 2 cores (3 workers):
    // 220 s -> 145 s, idle 35 % -> 3 %; a fourth worker gained nothing more.
    // Packages that run on Node share a module cache between their files (`isolate: false` in their
    // configs); so do the apps' DOM files, except those that mock a module (vitest-dom.mjs).
    maxWorkers: Math.ceil(availableParallelism() * 1.5),
    projects: [
      'shared-i18n',
      'shared-api',
      'shared-node',
      'functions',
      'gateway',
      ...DOM_PACKAGES,
      mockedModulesProject(DOM_PACKAGES),
    ],
  },
});
