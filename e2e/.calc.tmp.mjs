import { chromium } from '@playwright/test';

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
for (const width of [375, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') console.log(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => console.log(`pageerror: ${e.message}`));
  await page.goto('http://localhost:8080/es/calculadora?proceso=abc', { waitUntil: 'networkidle' });
  await page.getByLabel('Tipo de mueble').selectOption('wardrobe');
  await page.getByRole('button', { name: 'Añadir' }).click();
  await page.getByLabel('Tipo de mueble').selectOption('sofa_3_seater');
  await page.getByRole('button', { name: 'Añadir' }).click();
  await page.screenshot({ path: `/tmp/calc-list-${width}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Buscar mi trastero' }).click();
  await page.getByTestId('options-view').getByRole('listitem').first().waitFor();
  await page.screenshot({ path: `/tmp/calc-options-${width}.png`, fullPage: true });
  await page.close();
}
await browser.close();
