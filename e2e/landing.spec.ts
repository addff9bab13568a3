import { expect, test } from '@playwright/test';
import {
  collectPageErrors,
  expectNoSeriousA11yViolations,
  withoutServerRendering,
} from './helpers';

test('shows the four plans with prices, the whole price story and the Most Popular badge', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto('/');
  await expect(page).toHaveTitle(/Test Agency/);
  await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
  for (const name of ['Essential', 'Growing', 'Professional', 'Comprehensive']) {
    await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  }
  const professional = page.getByRole('group', { name: 'Professional' });
  await expect(professional.getByText('Most Popular')).toBeVisible();
  await expect(professional.getByText('$449', { exact: true })).toBeVisible();
  await expect(page.getByText('Most Popular')).toHaveCount(1);
  // Issue 28 §7: every card says the whole price, a plan without a renewal price that it stays.
  for (const [plan, story] of <const>[
    ['Essential', '$199/month for 12 months, then $425/month'],
    ['Growing', '$299/month for 12 months, then $325/month'],
    ['Professional', '$449/month, the price stays'],
    ['Comprehensive', '$599/month for 12 months, then $565/month'],
  ]) {
    await expect(page.getByRole('group', { name: plan }).getByText(story)).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Start Your Journey' })).toBeVisible();
  await expect(page.getByText('Veteran-Owned & Operated')).toBeVisible();
  expect(errors).toEqual([]);
});

test('holds the plans space with three skeleton cards while plans load (the page rendered in the browser)', async ({
  page,
}) => {
  await withoutServerRendering(page);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/subscription-plans', async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto('/');
  await expect(page.getByTestId('plan-skeleton')).toHaveCount(3);
  release();
  await expect(page.getByTestId('plan-skeleton')).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Professional' })).toBeVisible();
});

test("a plan card's button preselects that plan in the registration form", async ({ page }) => {
  await page.goto('/');
  const select = page.getByLabel('Subscription Plan');
  await expect(select.locator('option', { hasText: 'Professional - $449.00/month' })).toHaveCount(
    1,
  );
  await page
    .getByRole('group', { name: 'Growing' })
    .getByRole('button', { name: 'Choose Growing' })
    .click();
  await expect(select).toHaveValue('growing');
  await expect(page.getByRole('heading', { name: 'Start Your Journey' })).toBeInViewport();
  await expect(page.getByLabel('Business Name')).toBeFocused();
});

test('shows the client websites with a letter tile where a logo is missing', async ({ page }) => {
  await page.route('**/demo/ridgeline-auto.svg', (route) =>
    route.fulfill({ status: 404, body: '' }),
  );
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Our Client Websites' })).toBeVisible();
  await expect(page.getByText('Harbor Lights Bakery (demo)')).toBeVisible();
  // Logos load lazily: scroll to the last one. The section may be swapped for its hydrated self
  // meanwhile (its chunk arrives after the first load), so the scroll is tried again until it holds.
  await expect(async () => {
    await page.getByText('Juniper Family Dental (demo)').scrollIntoViewIfNeeded({ timeout: 2000 });
  }).toPass();
  // One item has no logo, and one logo fails to load: both show the first letter instead.
  await expect(page.getByTestId('logo-fallback')).toHaveText(['R', 'J']);
});

test('hides the client websites section when there are none (the page rendered in the browser)', async ({
  page,
}) => {
  await withoutServerRendering(page);
  await page.route('**/api/portfolio', (route) => route.fulfill({ json: [] }));
  await page.goto('/');
  await expect(page.getByRole('group', { name: 'Professional' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Our Client Websites' })).toHaveCount(0);
});

test('Employee Login sends the whole browser to /api/login', async ({ page }) => {
  await page.goto('/');
  const request = page.waitForRequest(
    (r) => new URL(r.url()).pathname === '/api/login' && r.isNavigationRequest(),
  );
  await page.getByRole('button', { name: 'Employee Login' }).click();
  await request;
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('the landing page has no serious accessibility violations, wide and at 360 px', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Our Client Websites' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoSeriousA11yViolations(page);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test('dark mode keeps the landing page readable (no serious accessibility violations)', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Our Client Websites' })).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(
    'rgb(255, 255, 255)',
  );
  await expectNoSeriousA11yViolations(page);
});
