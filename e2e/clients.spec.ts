import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn, useAddress } from './helpers';

// Its own client address (the e2e server trusts X-Forwarded-For), so the two registrations and
// the sign-in here do not spend the per-address budgets of the other specs.
const ADDRESS = '10.78.0.1';
const stamp = Date.now().toString(36);
const bakery = `Clients Spec Bakery ${stamp}`;
const florist = `Clients Spec Florist ${stamp}`;

async function register(page: Page, businessName: string, email: string) {
  const res = await page.request.post('/api/business-registration', {
    headers: { 'x-forwarded-for': ADDRESS },
    data: {
      businessName,
      ownerName: 'Robin Example',
      email,
      businessType: 'Retail Store',
      subscriptionPlan: 'growing',
    },
  });
  expect(res.status()).toBe(201);
}

test.beforeEach(async ({ page }) => useAddress(page, ADDRESS));

test('the clients list shows registrations, searches, opens a client and exports CSV', async ({
  page,
}) => {
  await register(page, bakery, `bakery-${stamp}@example.com`);
  await register(page, florist, `florist-${stamp}@example.com`);
  await signIn(page);
  await page.getByRole('link', { name: 'Clients', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Clients', level: 1 })).toBeVisible();

  const table = page.getByRole('table', { name: 'Clients' });
  await expect(table.getByRole('button', { name: bakery })).toBeVisible();
  await expect(table.getByRole('button', { name: florist })).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(bakery) })).toContainText(
    'Awaiting payment',
  );
  await expectNoSeriousA11yViolations(page);

  // Search narrows the list, and the URL keeps it across a reload.
  await page.getByLabel('Search clients').fill(`BAKERY ${stamp}`);
  await expect(table.getByRole('button', { name: florist })).toBeHidden();
  await expect(table.getByRole('button', { name: bakery })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`clientsSearch=BAKERY\\+${stamp}.*#clients$`));
  await page.reload();
  await expect(page.getByLabel('Search clients')).toHaveValue(`BAKERY ${stamp}`);
  await expect(page.getByRole('status').filter({ hasText: '1 client found' })).toBeVisible();

  // The billing status buttons count the search's clients: one awaits its payment, none is past due.
  const billingFilter = page.getByRole('group', { name: 'Billing status' });
  await expect(billingFilter.getByRole('button', { name: 'All 1' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(billingFilter.getByRole('button', { name: 'Awaiting payment 1' })).toBeVisible();
  await expect(billingFilter.getByRole('button', { name: 'Past due 0' })).toBeVisible();

  // The detail opens from the business name and closes with Escape, giving focus back.
  const name = page.getByRole('button', { name: bakery });
  await name.click();
  const dialog = page.getByRole('dialog', { name: bakery });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: `bakery-${stamp}@example.com` })).toBeVisible();
  await expect(dialog.getByText('No payments yet.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(name).toBeFocused();

  // The export carries the current filters.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^clients-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync(await download.path(), 'utf8');
  expect(csv).toContain(bakery);
  expect(csv).not.toContain(florist);
  expect(csv.split('\r\n').filter(Boolean)).toHaveLength(2);

  // A filter that excludes everything offers to clear the filters.
  await billingFilter.getByRole('button', { name: 'Past due 0' }).click();
  await expect(page.getByText('No clients match your search', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/clientsBilling=past_due/);
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Payment status').selectOption('Active');
  await expect(page.getByText('No clients match your search', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/clientsStatus=active/);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByLabel('Search clients')).toHaveValue('');
  await expect(page.getByLabel('Search clients')).toBeFocused();
  await expect(table.getByRole('button', { name: florist })).toBeVisible();
  await expect(page).toHaveURL(/\/admin#clients$/);

  // On a phone the page keeps its width: each client is a card, its payment status and dates on screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const row = table.getByRole('row', { name: new RegExp(bakery) });
  for (const cell of [
    row.getByText('Awaiting payment'),
    row.getByRole('cell', { name: /^Registered / }),
    row.getByRole('cell', { name: /^Paid / }),
  ]) {
    await cell.scrollIntoViewIfNeeded();
    const box = (await cell.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
});
