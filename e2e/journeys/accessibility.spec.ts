import AxeBuilder from '@axe-core/playwright';
import { PUBLIC_ROUTES } from '../../scripts/public-routes.mjs';
import { expect, test } from './test';

test.describe('accessibility (axe)', () => {
  for (const path of PUBLIC_ROUTES) {
    test(`${path} has no serious or critical violation`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const { violations } = await new AxeBuilder({ page }).analyze();
      const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }
});
