import { test as base, expect, type Page } from '@playwright/test';

/**
 * Pages arrive server-rendered: visible before React has taken them over, when a click does
 * nothing yet. After every full load the journeys wait until the shell marks the page ready
 * (`html[data-ready]`); a page the browser renders itself (empty #root) or that is not the
 * shell's (the standalone door, the functions' own pages) needs no wait.
 */
async function hydrated(page: Page) {
  await page.waitForFunction(
    () => !document.getElementById('root')?.firstElementChild || document.documentElement.hasAttribute('data-ready'),
  );
}

export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (...args: Parameters<Page['goto']>) => {
      const response = await goto(...args);
      await hydrated(page);
      return response;
    };
    const reload = page.reload.bind(page);
    page.reload = async (...args: Parameters<Page['reload']>) => {
      const response = await reload(...args);
      await hydrated(page);
      return response;
    };
    await use(page);
  },
});

export { expect };
