import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, registerAndPayViaApi, signIn, useAddress } from './helpers';

// Its own client address (the e2e server trusts X-Forwarded-For), so this spec's registration and
// sign-in do not spend the per-address budgets of the other specs.
const ADDRESS = '10.83.0.1';
const stamp = Date.now().toString(36);
const business = `Agency View Bistro ${stamp}`;
const email = `bistro-${stamp}@example.com`;

test("an owner resends a client's receipt, refunds part of the payment and cancels the subscription", async ({
  page,
}) => {
  // A long flow (two refunds, a refused one, a cancellation): three times the usual time on a busy machine.
  test.slow();
  await registerAndPayViaApi(page.context().request, {
    address: ADDRESS,
    plan: 'essential',
    businessName: business,
    email,
    ownerName: 'Lee Example',
  });
  await useAddress(page, ADDRESS);
  await signIn(page);
  await page.getByRole('link', { name: 'Clients', exact: true }).click();
  await page.getByLabel('Search clients').fill(business);
  await page
    .getByRole('table', { name: 'Clients' })
    .getByRole('button', { name: business })
    .click();
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
  await expect(
    page.getByText(
      new RegExp(`^The receipt INV-\\d+ is on its way to ${email.replace(/[.]/g, '\\.')}\\.$`),
    ),
  ).toBeVisible();

  // A partial refund: the amount (what is left by default) and a reason, both required.
  await invoice.getByRole('button', { name: /^Refund INV-/ }).click();
  const refund = page.getByRole('dialog', { name: /^Refund INV-\d+\?$/ });
  await expect(refund).toContainText("Up to $199.00 can go back to the client's card");
  await expect(refund.getByLabel('Amount')).toHaveValue('199.00');
  await refund.getByLabel('Amount').fill('50');
  await refund.getByRole('button', { name: 'Refund' }).click();
  await expect(refund.getByText('Say why you refund.')).toBeVisible();
  await refund.getByLabel('Reason').fill('Launched two weeks late');
  await expectNoSeriousA11yViolations(page);
  await refund.getByRole('button', { name: 'Refund' }).click();
  await expect(refund).toBeHidden();
  await expect(invoice).toContainText('$50.00 refunded');
  await expect(invoice).toContainText('paid');
  // What is left can still be refunded, and the dialog offers just that.
  await invoice.getByRole('button', { name: /^Refund INV-/ }).click();
  await expect(refund.getByLabel('Amount')).toHaveValue('149.00');
  await refund.getByLabel('Amount').fill('149.01');
  await refund.getByLabel('Reason').fill('Too much');
  await refund.getByRole('button', { name: 'Refund' }).click();
  await expect(refund.getByText(/At most \$149\.00 of INV-\d+ is left to refund\./)).toBeVisible();
  await refund.getByRole('button', { name: 'Cancel' }).click();
  await expect(refund).toBeHidden();

  await billing.getByRole('button', { name: 'Cancel subscription' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel this subscription?' });
  await cancel.getByLabel('Reason (optional)').fill('Asked by phone');
  await cancel.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(cancel).toBeHidden();
  await expect(billing).toContainText(/Ending [A-Z][a-z]{2} \d{1,2}, \d{4} \(cancelled\)/);
  await expect(billing.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);

  // The detail and the list say it ends, on which day, and why.
  await expect(dialog.getByText(/^Cancels on [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(dialog.getByText('Asked by phone', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await page
    .getByRole('group', { name: 'Billing status' })
    .getByRole('button', { name: /^Cancels at period end/ })
    .click();
  await expect(page).toHaveURL(/clientsBilling=cancels/);
  await expect(
    page.getByRole('table', { name: 'Clients' }).getByRole('row', { name: new RegExp(business) }),
  ).toContainText(/Cancels on [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  await expectNoSeriousA11yViolations(page);

  // Each change is in the activity log.
  const log = (await (await page.request.get('/api/activity')).json()) as {
    items: { action: string; detail: Record<string, unknown> | null }[];
  };
  const actions = log.items.map((i) => i.action);
  for (const action of ['refund', 'resend-receipt', 'cancel']) expect(actions).toContain(action);
  // The refund's amount and reason are in it.
  expect(log.items.find((i) => i.action === 'refund')!.detail).toMatchObject({
    amount: '50',
    reason: 'Launched two weeks late',
  });

  // Past the paid period the subscription has ended: 'Canceled', found by its filter.
  const headers = { 'x-forwarded-for': ADDRESS };
  try {
    const advanced = await page.request.post('/api/billing/clock/advance', {
      headers,
      data: { days: 32 },
    });
    expect(advanced.status()).toBe(200);
    await page.goto('/admin?clientsBilling=canceled#clients');
    await expect(
      page
        .getByRole('group', { name: 'Billing status' })
        .getByRole('button', { name: /^Canceled [1-9]\d*$/ }),
    ).toHaveAttribute('aria-pressed', 'true');
    await expect(
      page
        .getByRole('table', { name: 'Clients' })
        .getByRole('row', { name: new RegExp(business) })
        .getByText('Canceled', { exact: true }),
    ).toBeVisible();
  } finally {
    // The e2e server is shared by every spec: put the billing clock back.
    await page.request.post('/api/billing/clock/reset', { headers });
  }
});
