import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, registerAndPayViaApi, signIn, useAddress } from './helpers';

// Its own client address (the e2e server trusts X-Forwarded-For), so this spec's registration and
// sign-in do not spend the per-address budgets of the other specs.
const ADDRESS = '10.83.0.1';
const stamp = Date.now().toString(36);
const business = `Agency View Bistro ${stamp}`;
const email = `bistro-${stamp}@example.com`;

test("an employee resends a client's receipt, refunds the payment and cancels the subscription", async ({ page }) => {
  await registerAndPayViaApi(page.context().request, { address: ADDRESS, plan: 'essential', businessName: business, email, ownerName: 'Lee Example' });
  await useAddress(page, ADDRESS);
  await signIn(page);
  await page.getByRole('link', { name: 'Clients' }).click();
  await page.getByLabel('Search clients').fill(business);
  await page.getByRole('table', { name: 'Clients' }).getByRole('button', { name: business }).click();
  const dialog = page.getByRole('dialog', { name: business });
  const billing = dialog.getByRole('region', { name: 'Billing' });
  await expect(billing).toContainText('Active');
  await expect(billing).toContainText(/Next charge \$199\.00 on [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  await expect(billing).toContainText('visa ending in 4242');
  const invoice = billing.getByRole('listitem').filter({ hasText: /^INV-/ });
  await expect(invoice).toContainText('$199.00');
  await expect(invoice).toContainText('paid');
  await expectNoSeriousA11yViolations(page);

  await invoice.getByRole('button', { name: /^Resend receipt INV-/ }).click();
  // The toast's text (anchored: Radix also reads it out in a live region that starts 'Notification').
  await expect(page.getByText(new RegExp(`^The receipt INV-\\d+ is on its way to ${email.replace(/[.]/g, '\\.')}\\.$`))).toBeVisible();

  await invoice.getByRole('button', { name: /^Refund INV-/ }).click();
  const confirm = page.getByRole('dialog', { name: /^Refund INV-\d+\?$/ });
  await expect(confirm).toContainText("$199.00 goes back to the client's card and out of revenue.");
  await confirm.getByRole('button', { name: 'Refund' }).click();
  await expect(confirm).toBeHidden();
  await expect(invoice).toContainText('refunded');
  await expect(invoice.getByRole('button', { name: /^Refund INV-/ })).toHaveCount(0);

  await billing.getByRole('button', { name: 'Cancel subscription' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel this subscription?' });
  await cancel.getByLabel('Reason (optional)').fill('Asked by phone');
  await cancel.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(cancel).toBeHidden();
  await expect(billing).toContainText(/Ending [A-Z][a-z]{2} \d{1,2}, \d{4} \(cancelled\)/);
  await expect(billing.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);

  // Each change is in the activity log.
  const log = (await (await page.request.get('/api/activity')).json()) as { items: { action: string }[] };
  const actions = log.items.map((i) => i.action);
  for (const action of ['refund', 'resend-receipt', 'cancel']) expect(actions).toContain(action);
});
