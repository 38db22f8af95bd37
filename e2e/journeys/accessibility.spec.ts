import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './test';

const PAGES = [
  '/es',
  '/en',
  '/es/instalaciones',
  '/en/facilities',
  '/es/calculadora',
  '/en/calculator',
  '/es/privacidad',
  '/en/privacy',
  '/es/terminos',
  '/en/terms',
  '/es/alta',
  '/en/signup',
  '/es/no-existe',
  '/abridor',
];

test.describe('accessibility (axe)', () => {
  for (const path of PAGES) {
    test(`${path} has no serious or critical violation`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const { violations } = await new AxeBuilder({ page }).analyze();
      const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }
});
