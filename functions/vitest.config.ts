import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'functions',
    environment: 'node',
    globalSetup: ['./src/testing/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
