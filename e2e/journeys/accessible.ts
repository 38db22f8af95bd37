import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

/** The part of axe-core's page API the scan uses. */
interface AxeRun {
  run(context: Document, options: RunOptions): Promise<AxeResults>;
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * No serious or critical axe violation on the screen as it is now. Every rule runs; only the
 * violations are reported in full (`resultTypes`): building a selector for each node that passes
 * took a tenth of each scan.
 *
 * axe-core runs in the page itself, as `axe.run`, rather than through @axe-core/playwright: that
 * wrapper opens a second page for each scan and loads axe into it again, which cost more browser
 * CPU than the scan (measured on /es, fresh context each time: 2.25 s of CPU per scan through the
 * wrapper, 1.19 s this way, of which 0.7 s is the colour-contrast rule), and the journeys scan
 * about sixty screens on two cores. Frames are not scanned: the only one is the back-office's
 * preview of an applicant's PDF (a photo is an `img`, scanned), which is not our markup (its `title` is checked on the
 * `iframe`, in this page).
 */
export async function expectAccessible(page: Page) {
  // Once per document: a journey that scans several screens of one app scans them in one page.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = { resultTypes: ['violations'], iframes: false };
  const { violations } = await page.evaluate(
    (runOptions) => (window as unknown as { axe: AxeRun }).axe.run(document, runOptions),
    options,
  );
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
