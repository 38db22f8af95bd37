import { existsSync } from 'node:fs';

/**
 * The journeys' browser: Debian's Chromium, never one Playwright downloads. Debian builds the same
 * Chromium as a headless shell too (package `chromium-headless-shell`, which `.ci/run` installs):
 * without the full browser's windowing and compositor it ran the same journeys in two thirds of the
 * time and CPU (backoffice + signup on 2 cores: 196 s -> 125 s, measured here). Where only
 * `chromium` is installed, the journeys run in it.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/** `E2E_CHROMIUM=/usr/bin/chromium` to watch a journey (`--headed`, `--ui`): a shell has no window. */
export const CHROMIUM_PATH =
  process.env.E2E_CHROMIUM || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
