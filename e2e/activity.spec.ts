import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, OWNER, signIn, useAddress } from './helpers';

test.beforeEach(async ({ page }) => useAddress(page, '10.77.0.28'));

const table = (page: Page) => page.getByRole('table', { name: /^Activity log/ });

test('the activity log filters by type, employee and days, kept in the URL and checked by the server', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/settings/activity?type=sign-in');
  const type = page.getByLabel('Type');
  await expect(type).toHaveValue('sign-in');
  await expect(table(page).getByRole('row').nth(1)).toContainText('Signed in');
  const what = await table(page).locator('tr td:nth-child(3)').allTextContents();
  expect(what.length).toBeGreaterThan(0);
  expect(what.filter((text) => !/Signed in$/.test(text))).toEqual([]);

  await page.getByLabel('Employee').selectOption(OWNER.email);
  await expect(page).toHaveURL(/\/settings\/activity\?type=sign-in&employee=owner%40example\.com$/);
  await expect(table(page).locator('tr td:nth-child(2)').first()).toHaveText(/owner@example\.com/);
  // A reload opens the same view.
  await page.reload();
  await expect(type).toHaveValue('sign-in');
  await expect(page.getByLabel('Employee')).toHaveValue(OWNER.email);
  await expectNoSeriousA11yViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoSeriousA11yViolations(page);
  await page.emulateMedia({ colorScheme: 'light' });

  await page.getByLabel('From').fill('2099-01-01');
  await expect(page).toHaveURL(/from=2099-01-01/);
  await expect(page.getByText('Nothing matches these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/settings\/activity$/);
  await expect(type).toHaveValue('');

  // A link with a day that does not exist: the server's message, not a silently different list.
  await page.goto('/settings/activity?to=2026-02-30');
  await expect(page.getByText(/Please check to: To must be a date that exists/)).toBeVisible();
});
