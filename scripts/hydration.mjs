// When React has taken a server-rendered page over (`html[data-remote-ready]`, set by the route's
// remote), in a real Chromium with its network and CPU throttled as Lighthouse's devtools
// throttling does for its mid-range phone on slow 4G. Lighthouse's own metrics stop at the first
// paint and the main thread's blocking; this is when a tap on the page starts to work.
//   node scripts/hydration.mjs http://localhost:8080/es [runs]

/**
 * Lighthouse's slow 4G as its devtools throttling applies it (constants.throttling.mobileSlow4G:
 * 150 ms round trips, taken ×3.75 as request latency; 1.6 Mbps down and 750 kbps up, ×0.9), and
 * its 4× slower CPU.
 */
const SLOW_4G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: (1.6 * 1024 * 0.9 * 1024) / 8,
  uploadThroughput: (750 * 0.9 * 1024) / 8,
};

/** Median milliseconds from navigation to hydration, over `runs` first visits (empty cache). */
export async function measureHydration(browser, url, runs = 5) {
  const times = [];
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // The page reports the moment itself, on its console: waiting with `waitForFunction` would
    // evaluate Playwright's helper script in the page, a long task of its own on a 4× slower CPU
    // that delays the page's scripts it is measuring.
    let reported = (_at) => {};
    const hydrated = new Promise((resolve) => {
      reported = resolve;
    });
    page.on('console', (message) => {
      const [, at] = /^hydrated:([\d.]+)$/.exec(message.text()) ?? [];
      if (at !== undefined) reported(Number(at));
    });
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.documentElement?.hasAttribute('data-remote-ready')) {
          observer.disconnect();
          console.debug(`hydrated:${performance.now()}`);
        }
      }).observe(document, { attributes: true, subtree: true });
    });
    await page.goto(url, { waitUntil: 'commit' });
    let timer;
    const at = await Promise.race([
      hydrated,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${url}: not taken over by React within 60 s`)), 60_000);
      }),
    ]).finally(() => clearTimeout(timer));
    times.push(at);
    await context.close();
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { chromium } = await import('@playwright/test');
  const [url = 'http://localhost:8080/es', runs = '5'] = process.argv.slice(2);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  try {
    console.log(`${url}: hydrated at ${Math.round(await measureHydration(browser, url, Number(runs)))} ms (median)`);
  } finally {
    await browser.close();
  }
}
