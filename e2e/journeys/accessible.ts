import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * No serious or critical axe violation on the screen as it is now. Every rule runs; only the
 * violations are reported in full (axe's `resultTypes`): building a selector for each node that
 * passes took a tenth of each scan, and the journeys scan about sixty screens.
 */
export async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
