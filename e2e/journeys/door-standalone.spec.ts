import { DOOR_STANDALONE_URL } from '../ports';
import { expect, test } from './test';

test('the door tool runs standalone on its own origin, without the shell @phone', async ({ page }) => {
  const response = await page.goto(`${DOOR_STANDALONE_URL}/abridor`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Control de Acceso' })).toBeVisible();
  await expect(page.getByRole('navigation')).toHaveCount(0);
  // No shell around it: the door app brings its one main landmark itself.
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByRole('main').getByLabel('Usuario')).toBeFocused();
  await page.goto(`${DOOR_STANDALONE_URL}/abridor-login?token=x`);
  await expect(page.getByRole('heading', { level: 1, name: 'Acceso con enlace' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Enlace Inválido');
  await expect(page.getByRole('main')).toHaveCount(1);
});

test('inside the shell the door app has one main landmark too (the shell gives /abridor no layout)', async ({
  page,
}) => {
  await page.goto('/abridor');
  await expect(page.getByRole('heading', { level: 1, name: 'Control de Acceso' })).toBeVisible();
  await expect(page.getByRole('main')).toHaveCount(1);
});
