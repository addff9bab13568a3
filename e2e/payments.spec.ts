import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, fillRequiredRegistration } from './helpers';

/** Registers through the form, as a visitor does, and lands on the plan's checkout. */
async function registerAndCheckout(page: Page, plan: string, { expectCardForm = true } = {}) {
  await page.goto('/');
  await fillRequiredRegistration(page, plan);
  await page.getByRole('button', { name: 'Register Business' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${plan}\\?registration=[0-9a-f-]{36}$`));
  if (expectCardForm) await expect(page.getByText('Test mode — no real charge')).toBeVisible();
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
}

test('register, pay with 4242 and see the confirmation the server gives', async ({ page }) => {
  let intents = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/create-payment-intent')) intents++;
  });
  await registerAndCheckout(page, 'growing');
  await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible();
  await expect(page.getByText('Veteran owned Business')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/payments/test/confirm', async (route) => {
    await gate;
    await route.continue();
  });
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay $299.00' }).click();
  await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  release();

  await expect(page.getByText('Payment Successful', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Thank you for your purchase! Your subscription is now active.', {
      exact: true,
    }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/payment-success\?payment_intent=pi_test_/);
  await expect(page.getByRole('heading', { name: 'Welcome to Test Agency!' })).toBeVisible();
  await expect(
    page.getByText('Your payment was successful and your subscription is now active.'),
  ).toBeVisible();
  for (const service of [
    'Website Development',
    '2 AI Generated Commercials',
    'Social Media Marketing',
    '24/7 Tech Support',
  ]) {
    await expect(page.getByText(service, { exact: true })).toBeVisible();
  }
  await expect(
    page.getByRole('main').getByRole('link', { name: 'help@example.com' }),
  ).toHaveAttribute('href', 'mailto:help@example.com');
  // The site's header and footer frame the confirmation, with the brand and the three steps done.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Test Agency' })).toHaveAttribute(
    'href',
    '/',
  );
  await expect(
    page.getByRole('navigation', { name: 'Your progress' }).locator('[aria-current="step"]'),
  ).toContainText('Done');
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  expect(await page.evaluate(() => sessionStorage.getItem('pendingRegistration'))).toBeNull();
  expect(intents).toBe(1);
  await expectNoSeriousA11yViolations(page);

  // Reloading the confirmation asks the server again and still finds the payment.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome to Test Agency!' })).toBeVisible();
});

test('a declined card shows Payment Failed, stays on checkout, and can pay again', async ({
  page,
}) => {
  await registerAndCheckout(page, 'essential');
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay $199.00' }).click();
  await expect(page.getByText('Payment Failed', { exact: true })).toBeVisible();
  // The toast says it, and so does a message beside the card form that stays, with what to do next.
  await expect(page.getByText('Your card was declined.', { exact: true })).toHaveCount(2);
  const beside = page.getByRole('alert').filter({ hasText: 'Nothing was charged' });
  await expect(beside).toContainText('Your card was declined.');
  await expect(beside).toContainText('or use another card');
  await expect(page).toHaveURL(/\/checkout\/essential\?registration=[0-9a-f-]{36}$/);
  await expect(page.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');

  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByRole('button', { name: 'Pay $199.00' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Test Agency!' })).toBeVisible();
});

test('the card form checks the card before sending it', async ({ page }) => {
  await registerAndCheckout(page, 'professional');
  let confirms = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/payments/test/confirm')) confirms++;
  });
  await page.getByLabel('Card number').fill('4242 4242 4242 4241');
  await page.getByLabel('Expiry').fill('01 / 20');
  await page.getByRole('button', { name: 'Pay $449.00' }).click();
  // Beside each field (and linked from the error summary above them).
  await expect(page.locator('#cardNumber-error')).toHaveText(
    'Your card number is incomplete or invalid.',
  );
  await expect(page.locator('#expiry-error')).toHaveText("Your card's expiry date is in the past.");
  await expect(page.locator('#cvc-error')).toHaveText("Enter your card's security code.");
  await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeFocused();
  await expect(page.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
  expect(confirms).toBe(0);
});

test('a failure to set up the payment shows Payment Setup Failed', async ({ page }) => {
  await page.route('**/api/create-payment-intent', (route) =>
    route.fulfill({ status: 502, json: { message: 'The payment provider is unreachable.' } }),
  );
  await registerAndCheckout(page, 'comprehensive', { expectCardForm: false });
  await expect(page.getByText('Payment Setup Failed', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Unable to initialize payment. Please try again.', { exact: true }),
  ).toBeVisible();
  await expect(
    page.getByRole('alert').getByText('The payment provider is unreachable.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);

  await page.unroute('**/api/create-payment-intent');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('button', { name: 'Pay $599.00' })).toBeVisible();
});

test('the confirmation page does not take the address bar at its word', async ({ page }) => {
  await page.goto('/payment-success?redirect_status=succeeded');
  await expect(page.getByRole('heading', { name: 'We could not find this payment' })).toBeVisible();
  await page.goto(
    '/payment-success?payment_intent=pi_test_x&payment_intent_client_secret=pi_test_x_secret_forged&redirect_status=succeeded',
  );
  await expect(page.getByRole('heading', { name: 'We could not find this payment' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Welcome/ })).toHaveCount(0);
});

test('checkout without a plan name goes home', async ({ page }) => {
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/$/);
});
