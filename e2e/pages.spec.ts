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
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
});

test('checkout without a registration sends the visitor to register first', async ({ page }) => {
  await page.goto('/checkout/growing');
  await expect(page.getByRole('heading', { name: 'Growing' })).toBeVisible();
  await expect(page.getByText('Veteran owned Business')).toBeVisible();
  await expect(page.getByRole('link', { name: 'register your business' })).toHaveAttribute('href', '/#register');
});

test('robots.txt and sitemap.xml are served, and the page carries its metadata', async ({ page, request }) => {
  expect(await (await request.get('/robots.txt')).text()).toContain('Sitemap:');
  expect(await (await request.get('/sitemap.xml')).text()).toContain('<urlset');
  await page.goto('/');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /veteran-owned web agency/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /Test Agency/);
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(jsonLd).toMatchObject({ '@type': 'Organization', name: 'Test Agency', email: 'help@example.com' });
});
