import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn, useAddress } from './helpers';

// Its own client address (the e2e server trusts X-Forwarded-For), so this spec's registration and
// sign-in do not spend the per-address budgets of the other specs.
const ADDRESS = '10.83.0.1';
const stamp = Date.now().toString(36);
const business = `Agency View Bistro ${stamp}`;
const email = `bistro-${stamp}@example.com`;
const headers = { 'x-forwarded-for': ADDRESS };

async function paidClient(request: APIRequestContext) {
  const plans = (await (await request.get('/api/subscription-plans')).json()) as { id: number; name: string }[];
  const planId = plans.find((p) => p.name === 'essential')!.id;
  const registration = { businessName: business, ownerName: 'Lee Example', email, businessType: 'Restaurant', subscriptionPlan: 'essential' };
  const { id: registrationId } = (await (await request.post('/api/business-registration', { headers, data: registration })).json()) as { id: string };
  const { clientSecret } = (await (await request.post('/api/create-payment-intent', { headers, data: { planId, registrationId } })).json()) as {
    clientSecret: string;
  };
  const paid = await request.post('/api/payments/test/confirm', {
    headers,
    data: { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' },
  });
  expect(((await paid.json()) as { status: string }).status).toBe('succeeded');
}

test("an employee resends a client's receipt, refunds the payment and cancels the subscription", async ({ page }) => {
  await paidClient(page.context().request);
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
