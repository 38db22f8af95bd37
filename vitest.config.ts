import { defineConfig } from 'vitest/config';

// One Vitest run over every package; each package keeps its own vitest.config.ts.
export default defineConfig({
  test: {
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
    ],
  },
});
