import { expect, test, type Page } from '@playwright/test';
import {
  openBillingLink,
  expectNoSeriousA11yViolations,
  outboxMails,
  registerAndPayViaApi,
  signIn,
  useAddress,
} from './helpers';

// Its own client address (the e2e server trusts X-Forwarded-For), so this spec's registration,
// link request and sign-in do not spend the per-address budgets of the other specs.
const ADDRESS = '10.82.0.1';
const stamp = Date.now().toString(36);
const email = `dunning-${stamp}@example.com`;
const headers = { 'x-forwarded-for': ADDRESS };

const mails = (owner: Page, kind: string) => outboxMails(owner, email, kind);

async function saveCard(client: Page, number: string) {
  await client.getByRole('button', { name: 'Update card' }).first().click();
  const dialog = client.getByRole('dialog', { name: 'Update card' });
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry').fill('10 / 36');
  await dialog.getByLabel('CVC').fill('456');
  await dialog.getByRole('button', { name: 'Save card' }).click();
  await expect(dialog).toBeHidden();
}

test('a renewal with 4000 0000 0000 0341 fails: past due, an e-mail, then a new card pays it', async ({
  page,
  browser,
}) => {
  await registerAndPayViaApi(page.context().request, {
    address: ADDRESS,
    plan: 'growing',
    businessName: `Dunning Spec Deli ${stamp}`,
    email,
    ownerName: 'Kim Example',
  });
  await useAddress(page, ADDRESS);
  await signIn(page);
  try {
    // The client signs in to the billing page with the e-mailed link and saves the card that fails when charged.
    const asked = await page
      .context()
      .request.post('/api/account/sign-in-link', { headers, data: { email } });
    expect(asked.status()).toBe(200);
    const { context, client, open } = await openBillingLink(browser, ADDRESS, email);
    await open.click();
    await expect(client.getByRole('heading', { name: 'Growing plan' })).toBeVisible();
    await saveCard(client, '4000 0000 0000 0341');
    await expect(client.getByTestId('card-on-file')).toContainText('ending in 0341');

    // A month later the renewal is charged to that card and fails.
    const advanced = await page.request.post('/api/billing/clock/advance', {
      headers,
      data: { days: 31 },
    });
    expect(advanced.status()).toBe(200);
    expect(
      ((await advanced.json()) as { run: { failed: number } }).run.failed,
    ).toBeGreaterThanOrEqual(1);
    const [failedMail] = await mails(page, 'client_payment_failed');
    expect(failedMail!.text).toContain('/account');

    await client.reload();
    const alert = client
      .getByRole('alert')
      .filter({ hasText: 'Your last payment did not go through.' });
    await expect(alert).toContainText('Your card was declined.');
    await expect(client.getByText('Past due', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(client);

    // The agency's Clients view says it too: the 'Past due' filter lists the client with its badge.
    await page.goto('/admin?clientsBilling=past_due#clients');
    const pastDue = page
      .getByRole('group', { name: 'Billing status' })
      .getByRole('button', { name: /^Past due [1-9]\d*$/ });
    await expect(pastDue).toHaveAttribute('aria-pressed', 'true');
    const row = page
      .getByRole('table', { name: 'Clients' })
      .getByRole('row', { name: new RegExp(`Dunning Spec Deli ${stamp}`) });
    await expect(row.getByText('Past due', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // A good card is charged at once: the subscription is active again and the renewal paid.
    await saveCard(client, '4242 4242 4242 4242');
    await expect(client.getByText('Active', { exact: true })).toBeVisible();
    await expect(alert).toBeHidden();
    const invoices = client.getByTestId('invoice');
    await expect(invoices.filter({ hasText: 'Failed' })).toHaveCount(1);
    await expect(invoices.filter({ hasText: 'Paid' })).toHaveCount(2);
    // Paid again: the Clients view has it active.
    await page.goto('/admin?clientsBilling=active#clients');
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await context.close();
  } finally {
    // The e2e server is shared by every spec: put the billing clock back.
    await page.request.post('/api/billing/clock/reset', { headers });
  }
});
