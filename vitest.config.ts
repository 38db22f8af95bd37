import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One Vitest run over every package; each package keeps its own vitest.config.ts.
export default defineConfig({
  test: {
    // With one worker per core, the cores idle a third of the time (the workers wait on PostgreSQL,
    // sockets, timers); half as many workers again keep them busy. Measured on 2 cores (3 workers):
    // 220 s -> 145 s, idle 35 % -> 3 %; a fourth worker gained nothing more.
    // Packages that run on Node share a module cache between their files (`isolate: false` in their
    // configs); the apps' DOM files stay isolated: sharing gained nothing there (measured with
    // jsdom: the time was its set-up) and their tests mock modules.
    maxWorkers: Math.ceil(availableParallelism() * 1.5),
    projects: [
      'shared-i18n',
      'shared-api',
      'shared-ui',
      'shared-node',
      'functions',
      'gateway',
      'shell',
      'mfe-marketing',
      'mfe-calculator',
      'mfe-signup',
      'mfe-door',
      'mfe-backoffice',
      'mfe-account',
    ],
  },
});
