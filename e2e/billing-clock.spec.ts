import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn, useAddress } from './helpers';

// Its own client address (the e2e server trusts X-Forwarded-For), so this spec's registration and
// sign-in do not spend the per-address budgets of the other specs.
const ADDRESS = '10.80.0.1';
const stamp = Date.now().toString(36);
const email = `clock-${stamp}@example.com`;
const headers = { 'x-forwarded-for': ADDRESS };

/** A business on the Growing plan ($299.00, then $325.00 after 12 months), paid with 4242 through the API. */
async function paidGrowingClient(request: APIRequestContext) {
  const plans = (await (await request.get('/api/subscription-plans')).json()) as { id: number; name: string }[];
  const planId = plans.find((p) => p.name === 'growing')!.id;
  const registration = { businessName: `Clock Spec Cafe ${stamp}`, ownerName: 'Sam Example', email, businessType: 'Restaurant', subscriptionPlan: 'growing' };
  const { id: registrationId } = (await (await request.post('/api/business-registration', { headers, data: registration })).json()) as { id: string };
  const intent = await request.post('/api/create-payment-intent', { headers, data: { planId, registrationId } });
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const card = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' };
  const paid = await request.post('/api/payments/test/confirm', { headers, data: { clientSecret, ...card } });
  expect(((await paid.json()) as { status: string }).status).toBe('succeeded');
}

test('an owner moves the billing clock: renewals at the intro price, then at the renewal price after 12 months', async ({ page }) => {
  await paidGrowingClient(page.context().request);
  await useAddress(page, ADDRESS);
  await signIn(page);
  await page.goto('/admin#settings');
  const card = page.locator('div', { has: page.getByRole('heading', { name: 'Billing test clock' }) }).last();
  await expect(card.getByTestId('billing-clock-now')).toContainText('real time');
  await expectNoSeriousA11yViolations(page);

  const receipts = async () => {
    const res = await page.request.get(`/api/outbox?recipient=${encodeURIComponent(email)}`);
    expect(res.status()).toBe(200);
    return ((await res.json()) as { kind: string; text: string }[]).filter((m) => m.kind === 'client_renewal_receipt');
  };
  const advance = async (days: number) => {
    await card.getByLabel('Days to advance').fill(String(days));
    await card.getByRole('button', { name: 'Advance', exact: true }).click();
    // Other specs' subscriptions may renew too: the counts are at least ours.
    await expect(card.getByRole('status')).toContainText(new RegExp(`Advanced ${days} days: [1-9]\\d* renewed`));
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
