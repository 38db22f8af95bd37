import { test as base, expect, type Page } from '@playwright/test';

/**
 * Pages arrive server-rendered: visible before React has taken them over, when a click does
 * nothing yet. After every full load of a server-rendered page (`html[data-ssr]`, set by the
 * gateway) the journeys wait until the shell marks it ready (`html[data-ready]`) and, on a page
 * with a remote's area (`[data-remote]`), until that remote has taken it over too
 * (`html[data-remote-ready]`); other pages (the standalone door, the functions' own pages) need no wait.
 */
async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const html = document.documentElement;
    if (!html.hasAttribute('data-ssr')) return true;
    if (!html.hasAttribute('data-ready')) return false;
    return !document.querySelector('[data-remote]') || html.hasAttribute('data-remote-ready');
  });
}

/** The page, whose `goto` and `reload` wait for the page to be hydrated (a journey's own pages too). */
export function waitingForHydration(page: Page): Page {
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
  return page;
}

export const test = base.extend({
  page: async ({ page }, use) => {
    await use(waitingForHydration(page));
  },
});

export { expect };
