import { expect, test } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  outboxMails,
  registerAndPayViaApi,
  signIn,
  useAddress,
} from './helpers';

// Its own client address (the e2e server trusts X-Forwarded-For), so this spec's registration and
// sign-in do not spend the per-address budgets of the other specs.
const ADDRESS = '10.80.0.1';
const stamp = Date.now().toString(36);
const email = `clock-${stamp}@example.com`;

test('an owner moves the billing clock: renewals at the intro price, then at the renewal price after 12 months', async ({
  page,
}) => {
  // A business on the Growing plan ($299.00, then $325.00 after 12 months).
  await registerAndPayViaApi(page.context().request, {
    address: ADDRESS,
    plan: 'growing',
    businessName: `Clock Spec Cafe ${stamp}`,
    email,
  });
  await useAddress(page, ADDRESS);
  await signIn(page);
  await page.goto('/settings/billing-clock');
  const card = page
    .locator('div', { has: page.getByRole('heading', { name: 'Billing test clock' }) })
    .last();
  await expect(card.getByTestId('billing-clock-now')).toContainText('real time');
  await expectNoSeriousA11yViolations(page);

  const receipts = () => outboxMails(page, email, 'client_renewal_receipt');
  const advance = async (days: number) => {
    await card.getByLabel('Days to advance').fill(String(days));
    await card.getByRole('button', { name: 'Advance', exact: true }).click();
    // Other specs' subscriptions may renew too: the counts are at least ours.
    await expect(card.getByRole('status')).toContainText(
      new RegExp(`Advanced ${days} days: [1-9]\\d* renewed`),
    );
  };

  try {
    await advance(31);
    await expect(card.getByTestId('billing-clock-now')).toContainText('31 days ahead of real time');
    const first = await receipts();
    expect(first).toHaveLength(1);
    expect(first[0]!.text).toContain('$299.00');

    await advance(335);
    const all = await receipts();
    // Months 2-12 of the intro price, then the first month at the renewal price.
    expect(all.length).toBeGreaterThanOrEqual(12);
    expect(all.filter((m) => m.text.includes('$325.00')).length).toBeGreaterThanOrEqual(1);
    expect(all.filter((m) => m.text.includes('$299.00'))).toHaveLength(11);
  } finally {
    // The server is shared by every spec: back to real time whatever happened above.
    await card.getByRole('button', { name: 'Reset to real time' }).click();
    await expect(card.getByRole('status')).toHaveText('Back to real time.');
    await expect(card.getByTestId('billing-clock-now')).toContainText('(real time)');
  }
});
