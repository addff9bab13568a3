import { expect, test } from '@playwright/test';
import { emailedLink, expectNoSeriousA11yViolations, useAddress } from './helpers';

// Its own client address (the e2e server trusts X-Forwarded-For), so the registrations and the
// sign-in here do not spend the per-address budgets of the other specs.
const ADDRESS = '10.79.0.1';
const stamp = Date.now().toString(36);
const business = `Resume Spec Diner ${stamp}`;
const email = `diner-${stamp}@example.com`;

test('register, leave, resume from the e-mailed link in another browser, pay and see the receipt', async ({
  page,
  browser,
}) => {
  await useAddress(page, ADDRESS);
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Business registration' });
  await form.getByLabel('Business Name').fill(business);
  await form.getByLabel('Owner Name').fill('Sam Example');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Business Type').selectOption('Restaurant');
  await form.getByLabel('Subscription Plan').selectOption('growing');
  await page.getByRole('button', { name: 'Register Business' }).click();
  await expect(page).toHaveURL(/\/checkout\/growing\?registration=[0-9a-f-]{36}$/);
  const registrationId = new URL(page.url()).searchParams.get('registration')!;
  await expect(
    page.getByRole('navigation', { name: 'Your progress' }).locator('[aria-current="step"]'),
  ).toContainText('Pay');
  await expect(page.getByTestId('checkout-link')).toHaveAttribute(
    'href',
    `/checkout/growing?registration=${registrationId}`,
  );
  await expectNoSeriousA11yViolations(page);
  await page.close();

  // Registering the same business with the same e-mail again resumes it: no duplicate client.
  const again = await page.context().request.post('/api/business-registration', {
    headers: { 'x-forwarded-for': ADDRESS },
    data: {
      businessName: ` ${business.toUpperCase()} `,
      ownerName: 'Sam Example',
      email: email.toUpperCase(),
      businessType: 'Restaurant',
      subscriptionPlan: 'growing',
    },
  });
  expect(again.status()).toBe(200);
  expect(await again.json()).toMatchObject({
    id: registrationId,
    resumed: true,
    checkoutPath: `/checkout/growing?registration=${registrationId}`,
  });

  // A new browser: nothing in its storage, only the link from the e-mail.
  const link = (
    await emailedLink(
      browser,
      ADDRESS,
      email,
      'client_checkout_link',
      /https?:\/\/\S+\/checkout\/\S+/,
    )
  ).href;
  expect(link).toContain(`/checkout/growing?registration=${registrationId}`);
  const elsewhere = await browser.newContext();
  const payer = await elsewhere.newPage();
  await useAddress(payer, ADDRESS);
  await payer.goto(new URL(link).pathname + new URL(link).search);
  await expect(payer.getByText('Test mode — no real charge')).toBeVisible();
  await payer.getByLabel('Card number').fill('4242 4242 4242 4242');
  await payer.getByLabel('Expiry').fill('12 / 34');
  await payer.getByLabel('CVC').fill('123');
  await payer.getByRole('button', { name: 'Pay $299.00' }).click();

  await expect(payer.getByRole('heading', { name: 'Welcome to Test Agency!' })).toBeVisible();
  await expect(
    payer.getByRole('navigation', { name: 'Your progress' }).locator('[aria-current="step"]'),
  ).toContainText('Done');
  const receipt = payer.getByRole('region', { name: `Receipt for ${business}` });
  await expect(receipt).toContainText('Growing');
  await expect(receipt).toContainText('$299.00');
  await expect(receipt).toContainText('Visa ending in 4242');
  await expect(receipt).toContainText(`Receipt sent to${email}`);
  await expect(receipt).toContainText(/Next charge\$299\.00 on [A-Z][a-z]+ \d{1,2}, \d{4}/);
  await expect(receipt).toContainText(
    /From [A-Z][a-z]+ \d{1,2}, \d{4} the plan costs \$325\.00 per month/,
  );
  await expect(receipt.getByRole('button', { name: 'Print receipt' })).toBeVisible();
  await expectNoSeriousA11yViolations(payer);

  // Once paid, the link says so instead of taking a second payment.
  await payer.goto(new URL(link).pathname + new URL(link).search);
  await expect(
    payer.getByText(
      'This registration is already paid and its subscription is active. There is nothing more to pay.',
    ),
  ).toBeVisible();
  await elsewhere.close();
});
