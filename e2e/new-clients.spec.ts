import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, registerAndPayViaApi, signIn, useAddress } from './helpers';

// Its own client address (the e2e server trusts X-Forwarded-For), so this spec's registration and
// sign-in do not spend the per-address budgets of the other specs.
const ADDRESS = '10.129.0.1';
const stamp = Date.now().toString(36);
const business = `Kickoff Kitchen ${stamp}`;

// Issue 29 §1: a client who just paid is in 'New clients' with the 24-hour countdown; an employee
// assigns a project manager and marks them contacted; the dashboard counts it.
test('a new client: countdown, project manager, mark contacted, the dashboard share', async ({
  page,
}) => {
  test.slow();
  await registerAndPayViaApi(page.context().request, {
    address: ADDRESS,
    plan: 'essential',
    businessName: business,
    email: `kitchen-${stamp}@example.com`,
    ownerName: 'Robin Example',
  });
  await useAddress(page, ADDRESS);
  await signIn(page);
  await page.getByRole('link', { name: 'New clients', exact: true }).click();
  await expect(page).toHaveURL(/\/admin#new-clients$/);
  await expect(page.getByRole('heading', { name: 'New clients', level: 1 })).toBeVisible();

  const waiting = page.getByRole('table', { name: 'New clients waiting for contact' });
  const row = waiting.getByRole('row').filter({ hasText: business });
  await expect(row).toContainText('Essential');
  await expect(row).toContainText(/23 h (5\d|4\d) min left/);
  await expect(row).not.toContainText('Overdue');
  await expectNoSeriousA11yViolations(page);

  // Any employee may choose the project manager; it is saved on change.
  const manager = row.getByRole('combobox', { name: `Project manager for ${business}` });
  const first = manager.locator('option').nth(1);
  const name = (await first.textContent())!;
  await manager.selectOption({ index: 1 });
  await expect(page.getByText(`${name} guides ${business}.`, { exact: true })).toBeVisible();

  // Mark contacted with the keyboard: 'How' is required.
  await row.getByRole('button', { name: /^Mark contacted\W+/ }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Mark ${business} contacted` });
  await dialog.getByRole('button', { name: 'Mark contacted' }).click();
  await expect(dialog.getByText('Choose how you contacted the client.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('radio', { name: 'Call' }).check();
  await dialog.getByLabel('Note').fill('Booked the consultation for Tuesday.');
  await dialog.getByRole('button', { name: 'Mark contacted' }).click();
  await expect(dialog).toBeHidden();
  await expect(waiting.getByRole('row').filter({ hasText: business })).toHaveCount(0);

  await page.getByRole('button', { name: /^Contacted \d+$/ }).click();
  const contacted = page
    .getByRole('table', { name: 'Contacted new clients' })
    .getByRole('row')
    .filter({ hasText: business });
  await expect(contacted).toContainText(/Call by .+, [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  await expect(contacted).toContainText('Within 24 hours');
  await expect(contacted).toContainText('Booked the consultation for Tuesday.');
  await expectNoSeriousA11yViolations(page);

  // On a phone the table is a list of cards: nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(contacted).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 720 });

  // The applications dashboard: the share of new clients contacted within 24 hours.
  await page.getByRole('link', { name: 'Applications', exact: true }).click();
  await expect(page.getByTestId('contact-rate')).toHaveText(
    /^[1-9]\d* of [1-9]\d* contacted within 24 hours \(\d+%\)$/,
  );
});
