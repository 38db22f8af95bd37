import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_PATH } from './browser';
import { GATEWAY_URL, OWN_STACK_GATEWAY_URL } from './ports';

const desktop = { ...devices['Desktop Chrome'], channel: undefined };
/**
 * The journeys that move the service's clock forward (days, in development) and the one that
 * switches the company's automatic signature off, by their tags.
 */
const ON_THEIR_OWN_STACK = /@moves-the-clock|@manual-signature/;
/**
 * Journeys whose every page is phone-sized by the journey itself (a 360/375 px page or context):
 * the phone project runs them (touch, a mobile browser); the desktop one would run the same
 * narrow screens with a mouse, which no visitor does. Every other `@phone` journey runs in both,
 * those whose pages take the project's size among them.
 */
const PHONE_ONLY = /@phone-only/;
/** Journeys with a stage and a stack of their own (instances.config.ts: several instances). */
const OWN_STAGE = /instances\.spec\.ts/;

export default defineConfig({
  testDir: './journeys',
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/results.json' }]],
  use: {
    baseURL: GATEWAY_URL,
    // A trace costs a quarter of the run's time when recorded for every test (measured: 130 s -> 98 s for
    // two suites); CI retries a failure once, and that retry records it.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    locale: 'es-ES',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
        // At most one renderer process where Chromium may choose (contexts still get their own):
        // likely by no longer starting a spare one ahead of each new page, a new context costs less
        // CPU (a fresh one on /es: 1.23 s -> 1.01 s of browser CPU), and the journeys run on 2 busy
        // cores (460 s -> 421 s measured here, every journey passing).
        '--renderer-process-limit=1',
      ],
    },
  },
  projects: [
    // Journeys that move the service's clock by days, and one that switches the company's automatic
    // signature off, would break the others in parallel (an expired payment, session or offer; a
    // sign-up waiting for a signature it counts on). They run on a second stack of their own, one at
    // a time, while the others run on the first: listed first, so they start at once instead of
    // ending the run alone on one worker (ports.ts). Measured here: 421 s -> 401 s for the journeys.
    {
      name: 'own stack: clock and company settings',
      use: { ...desktop, baseURL: OWN_STACK_GATEWAY_URL },
      testIgnore: OWN_STAGE,
      grep: ON_THEIR_OWN_STACK,
      workers: 1,
    },
    {
      name: 'desktop',
      use: desktop,
      testIgnore: OWN_STAGE,
      grepInvert: [ON_THEIR_OWN_STACK, PHONE_ONLY],
    },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], channel: undefined },
      grep: /@phone/,
      grepInvert: ON_THEIR_OWN_STACK,
      testIgnore: OWN_STAGE,
    },
  ],
});
