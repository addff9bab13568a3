import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './helpers';

test('an unknown path shows the 404 page with a 404 status', async ({ page }) => {
  const response = await page.goto('/some/unknown/path');
  expect(response!.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('an unknown plan at checkout says so', async ({ page }) => {
  await page.goto('/checkout/platinum');
  await expect(page.getByRole('heading', { name: 'Plan Not Found' })).toBeVisible();
  await expect(page.getByText('The selected plan could not be found.')).toBeVisible();
});
