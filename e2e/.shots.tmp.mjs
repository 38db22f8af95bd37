import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://localhost:8080';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const shots = [
  ['home-es', '/es'],
  ['calc-en', '/en/calculator?proceso=abc'],
  ['notfound-es', '/es/nada'],
  ['signup-en', '/en/signup/documents'],
  ['door', '/abridor'],
];
for (const width of [375, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 740 } });
  const logs = [];
  page.on('console', (m) => {
    if (m.type() !== 'log') logs.push(`${m.type()}: ${m.text()}`);
  });
  for (const [name, path] of shots) {
    const r = await page.goto(base + path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/shot-${name}-${width}.png`, fullPage: true });
    console.log(width, name, r.status());
  }
  await page.route('**/remotes/calculator/mf-manifest.json', (r) => r.abort());
  await page.goto(base + '/es/calculadora', { waitUntil: 'networkidle' });
  await page.getByTestId('remote-unavailable').waitFor();
  await page.screenshot({ path: `/tmp/shot-fallback-${width}.png`, fullPage: true });
  console.log(logs.join('\n'));
  await page.close();
}
await browser.close();
