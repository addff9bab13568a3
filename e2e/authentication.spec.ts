import { expect, test, type Locator, type Page } from '@playwright/test';
import { openBillingLink, expectNoSeriousA11yViolations, useAddress } from './helpers';

// Strong customer authentication in test mode (issue 25 §4): Stripe's 4000 0027 6000 3184 asks the
// client to authenticate every payment; the simulated bank page answers, and nothing is 'declined'.
const ADDRESS = '10.83.0.1';
const stamp = Date.now().toString(36);
const email = `sca-${stamp}@example.com`;
const headers = { 'x-forwarded-for': ADDRESS };
const ALWAYS_ASKS = '4000 0027 6000 3184';

/** The simulated bank page: a labelled modal, marked as test mode, with focus inside it. */
async function bankPage(page: Page): Promise<Locator> {
  const bank = page.getByRole('dialog', { name: 'Authenticate this payment' });
  await expect(bank).toBeVisible();
  await expect(bank).toContainText('Test mode — no real bank.');
  await expect
    .poll(() => bank.evaluate((dialog) => dialog.contains(document.activeElement)))
    .toBe(true);
  return bank;
}

async function choosePlan(client: Page, name: RegExp) {
  await client.getByRole('button', { name: 'Change plan' }).click();
  const dialog = client.getByRole('dialog', { name: 'Change plan' });
  await dialog.getByRole('radio', { name }).check();
  await expect(dialog.getByText(/^You pay \$\d+\.\d{2} now/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Change plan' }).click();
  return dialog;
}

test('4000 0027 6000 3184: the checkout and an upgrade ask to authenticate; completed they are paid, failed it is declined', async ({
  page,
  browser,
}) => {
  await useAddress(page, ADDRESS);
  const request = page.context().request;
  const plans = (await (await request.get('/api/subscription-plans')).json()) as {
    id: number;
    name: string;
  }[];
  expect(plans.some((p) => p.name === 'essential')).toBe(true);
  const registration = {
    businessName: `SCA Spec Shop ${stamp}`,
    ownerName: 'Ana Example',
    email,
    businessType: 'Restaurant',
    subscriptionPlan: 'essential',
  };
  const { id: registrationId } = (await (
    await request.post('/api/business-registration', { headers, data: registration })
  ).json()) as { id: string };

  // The first payment: the bank page instead of a decline; completing it pays.
  await page.goto(`/checkout/essential?registration=${registrationId}`);
  await page.getByLabel('Card number').fill(ALWAYS_ASKS);
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  let bank = await bankPage(page);
  await expectNoSeriousA11yViolations(page);
  await bank.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page).toHaveURL(/\/payment-success\?payment_intent=pi_test_/);
  await expect(page.getByText('Payment Successful', { exact: true })).toBeVisible();

  // The billing page: an upgrade asks again (3184 asks every time).
  await request.post('/api/account/sign-in-link', { headers, data: { email } });
  const { context, client, open } = await openBillingLink(browser, ADDRESS, email);
  await open.click();
  await expect(client.getByRole('heading', { name: 'Essential plan' })).toBeVisible();
  await expect(client.getByTestId('card-on-file')).toContainText('3184');

  let dialog = await choosePlan(client, /^Growing/);
  bank = await bankPage(client);
  await bank.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(dialog).toBeHidden();
  await expect(client.getByRole('heading', { name: 'Growing plan' })).toBeVisible();
  await expect(client.getByRole('region', { name: 'Invoices' })).toContainText(
    'Plan change (prorated)',
  );

  // Escape on the bank page fails the authentication: the decline message, and the plan stays.
  dialog = await choosePlan(client, /^Professional/);
  bank = await bankPage(client);
  await client.keyboard.press('Escape');
  await expect(bank).toBeHidden();
  await expect(dialog.getByRole('alert')).toContainText(
    'We are unable to authenticate your payment method.',
  );
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep my plan' }).click();
  await expect(client.getByRole('heading', { name: 'Growing plan' })).toBeVisible();
  await expect(client.getByTestId('invoice').filter({ hasText: 'Failed' })).toHaveCount(1);
  await context.close();
});
