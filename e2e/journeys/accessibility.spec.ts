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

test('the scan fails on a screen with serious violations (a picture without text, a nameless button, pale text)', async ({
  page,
}) => {
  await page.goto('/es/terminos');
  // Clean first; then the same page, with axe already in it, is scanned again.
  await expectAccessible(page);
  // Through the DOM: the page's policy refuses inline styles in markup.
  await page.evaluate(() => {
    const pale = document.createElement('p');
    pale.textContent = 'Texto casi invisible';
    pale.style.color = '#aaa';
    pale.style.background = '#fff';
    const main = document.querySelector('main');
    main?.append(
      pale,
      document.createElement('button'),
      Object.assign(document.createElement('img'), { src: '/favicon.ico' }),
    );
  });
  const failure = await expectAccessible(page).then(
    () => null,
    (error: Error) => error.message,
  );
  expect(failure).toContain('color-contrast');
  expect(failure).toContain('button-name');
  expect(failure).toContain('image-alt');
});
