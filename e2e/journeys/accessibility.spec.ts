import { PUBLIC_ROUTES } from '../../scripts/public-routes.mjs';
import { expectAccessible } from './accessible';
import { expect, test } from './test';

test.describe('accessibility (axe)', () => {
  for (const path of PUBLIC_ROUTES) {
    test(`${path} has no serious or critical violation`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page);
    });
  }
});
