import { expect, test } from '@playwright/test';
import { DOOR_STANDALONE_URL } from '../ports';

test('the door tool runs standalone on its own origin, without the shell @phone', async ({ page }) => {
  const response = await page.goto(`${DOOR_STANDALONE_URL}/abridor`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Control de Acceso' })).toBeVisible();
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await page.goto(`${DOOR_STANDALONE_URL}/abridor-login?token=x`);
  await expect(page.getByRole('heading', { level: 1, name: 'Acceso con enlace' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Enlace Inválido');
});
