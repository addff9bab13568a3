import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './helpers';

/** The page's Organization block of JSON-LD (the landing page also has its FAQPage block). */
async function organizationOf(page: Page): Promise<Record<string, unknown>> {
  const blocks = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) =>
      scripts.map((s) => JSON.parse(s.textContent!) as Record<string, unknown>),
    );
  return blocks.find((b) => b['@type'] === 'Organization')!;
}

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
  await expect(page.getByRole('link', { name: 'register your business' })).toHaveAttribute(
    'href',
    '/#register',
  );
});

test('robots.txt and sitemap.xml are served, and the page carries its metadata', async ({
  page,
  request,
}) => {
  expect(await (await request.get('/robots.txt')).text()).toContain('Sitemap:');
  expect(await (await request.get('/sitemap.xml')).text()).toContain('<urlset');
  await page.goto('/');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    /veteran-owned web agency/,
  );
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /Test Agency/);
  const jsonLd = await organizationOf(page);
  expect(jsonLd).toMatchObject({
    '@type': 'Organization',
    name: 'Test Agency',
    email: 'help@example.com',
  });
});

test('each public page has its own title, canonical URL and alternates once running; billing and the admin area are noindex', async ({
  page,
}) => {
  const canonical = page.locator('link[rel="canonical"]');
  await page.goto('/');
  const jsonLd = (await organizationOf(page)) as { makesOffer: { name: string; price: string }[] };
  expect(jsonLd.makesOffer.map((o) => o.name)).toEqual([
    'Essential',
    'Growing',
    'Professional',
    'Comprehensive',
  ]);
  await page.goto('/checkout/growing?utm_source=mail');
  await expect(page.getByRole('heading', { name: 'Growing', level: 1 })).toBeVisible();
  // The title the server wrote is the one the page keeps once it runs.
  await expect(page).toHaveTitle('Checkout: Growing plan · Test Agency');
  await expect(canonical).toHaveAttribute('href', /\/checkout\/growing$/);
  await expect(page.locator('link[hreflang="es"]')).toHaveAttribute(
    'href',
    /\/es\/checkout\/growing$/,
  );
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  await page.goto('/es/accessibility');
  await expect(page).toHaveTitle('Declaración de accesibilidad · Test Agency');
  await expect(canonical).toHaveAttribute('href', /\/es\/accessibility$/);
  for (const path of ['/account', '/es/account', '/login']) {
    const response = await page.goto(path);
    expect(response!.headers()['x-robots-tag'], path).toBe('noindex');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  }
});
