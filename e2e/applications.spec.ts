import { expect, test, type Cookie, type Page } from '@playwright/test';
import type { RevenueToday } from '../src/contract/revenue/revenue';
import type { SubscriptionPlan } from '../src/contract/plans/plans';
import { formatMoney } from '../src/web/features/applications/format';
import { collectPageErrors, expectNoSeriousA11yViolations, signIn, useAddress } from './helpers';

// Sign-in is limited to 5 a minute per address: sign in once and share the session's cookies.
let session: Cookie[] | undefined;
test.beforeEach(async ({ page }) => {
  await useAddress(page, '10.77.0.7');
  if (session) {
    await page.context().addCookies(session);
  } else {
    await signIn(page);
    session = await page.context().cookies();
  }
});

// A real 1x1 PNG: the server checks the bytes and re-encodes them, so a fake would be refused.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const logoFile = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });
const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1000)}`;

/** Counts requests to a path from now on, to show that a refusal happened in the browser. */
function countRequests(page: Page, path: string) {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) seen.push(request.method());
  });
  return seen;
}

/** One of the settings pages (applications, portfolio, plans), at its own address. */
async function openSettings(page: Page, settingsPage: 'applications' | 'portfolio' | 'plans') {
  await page.goto(`/settings/${settingsPage}`);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
}

/** Plans are folded (one <details> each); the summary starts with the plan's name. */
const openPlan = (page: Page, displayName: string) =>
  page
    .locator('summary')
    .filter({ hasText: new RegExp(`^${displayName}\\$`) })
    .click();

test('the dashboard shows the real revenue, the demo applications and the 30-day chart', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto('/admin#apps');
  await expect(
    page.getByRole('heading', { name: 'Test Agency Applications', level: 1 }),
  ).toBeVisible();
  const table = page.getByRole('table', { name: 'Your Applications' });
  await expect(table.getByRole('row').filter({ hasText: 'Mission Meals (demo)' })).toBeVisible();

  const revenue = (await (await page.request.get('/api/revenue/today')).json()) as RevenueToday;
  await expect(page.getByTestId('revenue-today-value')).toHaveText(formatMoney(revenue.today));
  await expect(page.getByTestId('revenue-week-value')).toHaveText(formatMoney(revenue.week));
  // This server has no Stripe keys: the figures are test money, and the page says so by them.
  expect(revenue.testMode).toBe(true);
  await expect(page.getByTestId('revenue-test-mode')).toContainText(
    'Test mode — these figures are test payments, not real money',
  );
  await expect(
    page.getByRole('heading', { name: 'Revenue, last 30 days (test payments)' }),
  ).toBeVisible();
  const today = page.getByRole('group', { name: "Today's Revenue" });
  await expect(
    today.getByText(/(^[+-]?\d+\.\d% vs yesterday$)|(^No sales yesterday$)/),
  ).toBeVisible();
  await expect(
    page
      .getByRole('group', { name: 'This Week' })
      .getByText(/(^[+-]?\d+\.\d% vs last week$)|(^No sales last week$)/),
  ).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Active Apps' }).getByText(/^\+\d+ new this month$/),
  ).toBeVisible();

  // Revenue by source: plan subscriptions have their own row, and the rows add up to the cards.
  const sources = page.getByRole('table', { name: 'Revenue by source' });
  const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);
  for (const column of [1, 2]) {
    const cells = await sources.locator(`tbody tr td:nth-of-type(${column})`).allTextContents();
    expect(cells).toHaveLength(3);
    const total = await sources.locator(`tfoot tr td:nth-of-type(${column})`).textContent();
    expect(cells.reduce((sum, cell) => sum + cents(cell), 0)).toBe(cents(total!));
    expect(total).toBe(formatMoney(column === 1 ? revenue.today : revenue.week));
  }
  await expect(sources.getByRole('rowheader', { name: 'Plan subscriptions' })).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Plans' }).getByText('Monthly recurring revenue'),
  ).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Plans' }).getByText('Churn, last 30 days'),
  ).toBeVisible();

  for (const name of [
    'Mission Meals (demo)',
    'Patriot Fitness Booking (demo)',
    'Hill Country Listings (demo)',
  ]) {
    await expect(table.getByRole('row').filter({ hasText: name })).toHaveCount(1);
  }
  const hill = table.getByRole('row').filter({ hasText: 'Hill Country Listings (demo)' });
  await expect(hill.locator('[data-variant="secondary"]')).toHaveText('deployment');
  const meals = table.getByRole('row').filter({ hasText: 'Mission Meals (demo)' });
  await expect(meals.locator('[data-variant="default"]')).toHaveText('active');
  const visit = meals.getByRole('link', { name: /^Visit Mission Meals/ });
  await expect(visit).toHaveAttribute('href', 'https://mission-meals.example');
  await expect(visit).toHaveAttribute('target', '_blank');
  await expect(visit).toHaveAttribute('rel', /noopener/);

  // The chart (its own chunk) draws bars; its figures are also text for a screen reader.
  await expect(page.getByTestId('revenue-chart-caption')).toHaveText(
    /in total; the best day was .+ with \$[\d,]+\.\d\d\.$/,
  );
  await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Revenue by day, last 30 days' }).getByRole('row'),
  ).toHaveCount(31);
  await expectNoSeriousA11yViolations(page);
  expect(errors).toEqual([]);

  await meals.getByRole('button', { name: /^Settings/ }).click();
  await expect(page).toHaveURL(/\/settings\/applications$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(
    page
      .getByRole('list', { name: 'Applications' })
      .getByRole('listitem')
      .filter({ hasText: 'Mission Meals (demo)' }),
  ).toBeVisible();
});

test('on a phone each application is a card: users under the revenue, nothing off screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin#apps');
  const table = page.getByRole('table', { name: 'Your Applications' });
  await expect(table.getByRole('columnheader', { name: 'Users' })).toBeHidden();
  const meals = table.getByRole('row').filter({ hasText: 'Mission Meals (demo)' });
  const revenue = meals.getByRole('cell').filter({ hasText: /^\$[\d,]+\.\d\d\s*today$/ });
  const users = meals.getByRole('cell').filter({ hasText: /^[\d,]+$/ });
  // Each value under its column's name, the users below the revenue.
  await expect(revenue).toHaveAccessibleName(/^Revenue/);
  await expect(users).toHaveAccessibleName(/^Users \d/);
  expect((await users.boundingBox())!.y).toBeGreaterThan((await revenue.boundingBox())!.y);
  await expect(page.getByRole('group', { name: "Today's Revenue" })).toBeVisible();
  // The page itself never scrolls sideways (the chart is in, too).
  await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page);
});

test("an application is created with a logo and shows in 'Your Applications' and on the dashboard", async ({
  page,
}) => {
  const name = `E2E Ordering ${unique()}`;
  await openSettings(page, 'applications');
  const form = page.getByRole('form', { name: 'Create New Application' });
  await form.getByLabel('Application Name').fill(`  ${name}  `);
  await form.getByLabel('Application URL').fill('https://e2e-ordering.example');
  await form.getByLabel('Description', { exact: true }).fill('Created by the end-to-end test.');
  await form.getByLabel('Status').selectOption('deployment');
  await expect(form.getByLabel('Icon colour as hex')).toHaveValue('#3B82F6');
  await form.getByRole('radio', { name: 'Heart' }).check({ force: true });
  await expect(form.getByText('PNG, JPG up to 5MB. Recommended 512x512')).toBeVisible();
  await form.getByLabel('Logo', { exact: true }).setInputFiles(logoFile('logo.png'));
  await expect(form.getByRole('img', { name: 'Current logo' })).toBeVisible();
  await form.getByRole('button', { name: 'Create Application' }).click();
  await expect(page.getByText('Application created successfully!', { exact: true })).toBeVisible();
  await expect(form.getByLabel('Application Name')).toHaveValue('');

  const item = page
    .getByRole('list', { name: 'Applications' })
    .getByRole('listitem')
    .filter({ hasText: name });
  await expect(item).toBeVisible();
  await item.getByRole('button', { name: /^View Details/ }).click();
  const dialog = page.getByRole('dialog', { name: name });
  await expect(dialog.getByLabel('Application Name')).toHaveValue(name);
  await expect(dialog.getByLabel('Description', { exact: true })).toHaveValue(
    'Created by the end-to-end test.',
  );
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');

  await page.goto('/admin#apps');
  const row = page
    .getByRole('table', { name: 'Your Applications' })
    .getByRole('row')
    .filter({ hasText: name });
  await expect(row.locator('[data-variant="secondary"]')).toHaveText('deployment');
  const logo = row.locator('img');
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test('the create form refuses a missing name and a logo over 5MB before sending anything', async ({
  page,
}) => {
  await openSettings(page, 'applications');
  const creates = countRequests(page, '/api/applications');
  const uploads = countRequests(page, '/api/objects/upload');
  const form = page.getByRole('form', { name: 'Create New Application' });
  await form.getByLabel('Application URL').fill('https://no-name.example');
  await form.getByRole('button', { name: 'Create Application' }).click();
  await expect(form.getByText('Please provide an application name', { exact: true })).toBeVisible();
  await expect(form.getByLabel('Application Name')).toBeFocused();
  await expect(form.getByLabel('Application Name')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Application URL').fill('');
  await form.getByLabel('Application Name').fill('   ');
  await form.getByRole('button', { name: 'Create Application' }).click();
  await expect(form.getByText('Please provide an application URL', { exact: true })).toBeVisible();

  await form.getByLabel('Logo', { exact: true }).setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(6 * 1024 * 1024),
  });
  await expect(
    form.getByRole('alert').filter({ hasText: 'Logo file size must be less than 5MB' }),
  ).toBeVisible();
  await expect(form.getByRole('img', { name: 'Current logo' })).toHaveCount(0);
  expect(creates.filter((method) => method === 'POST')).toEqual([]);
  expect(uploads).toEqual([]);
});

test('an application is edited and deleted from its details', async ({ page }) => {
  const name = `E2E Bookings ${unique()}`;
  await openSettings(page, 'applications');
  const form = page.getByRole('form', { name: 'Create New Application' });
  await form.getByLabel('Application Name').fill(name);
  await form.getByLabel('Application URL').fill('https://e2e-bookings.example');
  await form.getByRole('button', { name: 'Create Application' }).click();
  await expect(page.getByText('Application created successfully!', { exact: true })).toBeVisible();

  const item = page
    .getByRole('list', { name: 'Applications' })
    .getByRole('listitem')
    .filter({ hasText: name });
  await item.getByRole('button', { name: /^View Details/ }).click();
  let dialog = page.getByRole('dialog', { name: name });
  await dialog.getByLabel('Description', { exact: true }).fill('Now with a description.');
  await dialog.getByLabel('Icon colour as hex').fill('#B91C1C');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Application updated successfully!', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  await item.getByRole('button', { name: /^View Details/ }).click();
  dialog = page.getByRole('dialog', { name: name });
  await expect(dialog.getByLabel('Description', { exact: true })).toHaveValue(
    'Now with a description.',
  );
  await dialog.getByRole('button', { name: 'Delete application' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this application?' });
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Application deleted successfully!', { exact: true })).toBeVisible();
  await expect(item).toHaveCount(0);
});

test('a portfolio item is added with a logo, shows on the landing page, is edited and deleted', async ({
  page,
}) => {
  const name = `E2E Client Site ${unique()}`;
  await openSettings(page, 'portfolio');
  const form = page.getByRole('form', { name: 'Add New Client Website' });
  await form.getByRole('button', { name: 'Add Portfolio Item' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please provide website name and URL');

  await form.getByLabel('Website Name').fill(name);
  await form.getByLabel('Website URL').fill('https://e2e-client.example');
  await form.getByLabel('Description', { exact: true }).fill('A client site added by the test.');
  await expect(form.getByText('PNG, JPG up to 5MB. Recommended 256x256')).toBeVisible();
  await form.getByLabel('Logo', { exact: true }).setInputFiles(logoFile('client.png'));
  await expect(form.getByRole('img', { name: 'Current logo' })).toBeVisible();
  await form.getByRole('button', { name: 'Add Portfolio Item' }).click();
  await expect(page.getByText('Portfolio item added successfully!', { exact: true })).toBeVisible();
  const row = page
    .getByRole('list', { name: 'Client websites' })
    .getByRole('listitem')
    .filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByRole('link', { name: /^Visit Site/ })).toHaveAttribute(
    'href',
    'https://e2e-client.example',
  );
  await expectNoSeriousA11yViolations(page);

  await page.goto('/');
  const landing = page.locator('section', {
    has: page.getByRole('heading', { name: 'Our Client Websites' }),
  });
  const card = landing.getByRole('listitem').filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card.getByText('A client site added by the test.')).toBeVisible();
  await expect(card.locator('img')).toBeVisible();
  expect(
    await card.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBeGreaterThan(0);

  await openSettings(page, 'portfolio');
  await row.getByRole('button', { name: /^Edit/ }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
  await expect(dialog.getByLabel('Website Name')).toHaveValue(name);
  await dialog.getByLabel('Description', { exact: true }).fill('Edited by the test.');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    page.getByText('Portfolio item updated successfully!', { exact: true }),
  ).toBeVisible();
  await expect(row.getByText('Edited by the test.')).toBeVisible();

  await row.getByRole('button', { name: /^Delete/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this portfolio item?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /^Delete/ }).click();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(
    page.getByText('Portfolio item deleted successfully!', { exact: true }),
  ).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Our Client Websites' })).toBeVisible();
  await expect(page.getByText(name)).toHaveCount(0);
});

test("a plan's price is changed in settings and shows on the landing page", async ({ page }) => {
  const plans = (await (
    await page.request.get('/api/subscription-plans')
  ).json()) as SubscriptionPlan[];
  const growing = plans.find((p) => p.name === 'growing')!;
  let restored = false;
  try {
    await openSettings(page, 'plans');
    await openPlan(page, 'Growing');
    const form = page.getByRole('form', { name: 'Edit plan Growing' });
    await expect(form.getByText('$299/month for 12 months, then $325/month')).toBeVisible();
    await expect(form.getByLabel('Most Popular')).not.toBeChecked();
    await expect(
      page.getByText('A price change applies to new subscribers only', { exact: false }),
    ).toBeVisible();

    await form.getByRole('textbox', { name: 'Price ($)', exact: true }).fill('abc');
    await form.getByRole('button', { name: 'Save Growing' }).click();
    await expect(form.getByText('Price must be an amount like 299 or 299.00')).toBeVisible();

    await form.getByRole('textbox', { name: 'Price ($)', exact: true }).fill('311');
    await form.getByRole('button', { name: 'Save Growing' }).click();
    await expect(page.getByText('Plan saved', { exact: true })).toBeVisible();
    await expect(form.getByText('Price must be an amount like 299 or 299.00')).toHaveCount(0);

    await page.goto('/');
    await expect(
      page.getByRole('group', { name: 'Growing' }).getByText('$311', { exact: true }),
    ).toBeVisible();
    await expect(
      page.getByRole('group', { name: 'Professional' }).getByText('Most Popular'),
    ).toBeVisible();

    await openSettings(page, 'plans');
    await openPlan(page, 'Growing');
    await form.getByRole('textbox', { name: 'Price ($)', exact: true }).fill(growing.price);
    await form.getByRole('button', { name: 'Save Growing' }).click();
    await expect(page.getByText('Plan saved', { exact: true })).toBeVisible();
    restored = true;
    await page.goto('/');
    await expect(
      page
        .getByRole('group', { name: 'Growing' })
        .getByText(`$${growing.price.replace(/\.00$/, '')}`, { exact: true }),
    ).toBeVisible();
  } finally {
    // Other specs share this server: leave the plan as it was even when a step above failed.
    if (!restored) {
      const { id: _id, name: _name, currency: _currency, ...original } = growing;
      await page.request.put(`/api/subscription-plans/${growing.id}`, { data: original });
    }
  }
});

test('the applications, portfolio and plans settings pages pass the accessibility check', async ({
  page,
}) => {
  await openSettings(page, 'applications');
  await expect(page.getByRole('heading', { name: 'Create New Application' })).toBeVisible();
  await expect(
    page
      .getByRole('list', { name: 'Applications' })
      .getByRole('listitem')
      .filter({ hasText: 'Mission Meals (demo)' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await openSettings(page, 'portfolio');
  await expect(page.getByRole('heading', { name: 'Portfolio Management' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await openSettings(page, 'plans');
  await openPlan(page, 'Professional');
  await expectNoSeriousA11yViolations(page);
});
