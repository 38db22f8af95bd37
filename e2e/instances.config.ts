import { defineConfig } from '@playwright/test';

/**
 * The several-instances journeys (#36), a stage of their own: they start their own PostgreSQL,
 * two functions services and two gateways (instances.ts), no browser and no front-end build.
 */
export default defineConfig({
  testDir: './journeys',
  testMatch: /instances\.spec\.ts/,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/instances.json' }]],
});
