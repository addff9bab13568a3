import { expect, test, type Page } from '@playwright/test';
import { openBillingLink, expectNoSeriousA11yViolations, useAddress } from './helpers';

// Its own client address (the e2e server trusts X-Forwarded-For), so the link requests and the
// owner's sign-in here do not spend the per-address budgets of the other specs.
const ADDRESS = '10.81.0.1';
const stamp = Date.now().toString(36);
const business = `Account Spec Bakery ${stamp}`;
const email = `bakery-${stamp}@example.com`;

async function registerAndPay(page: Page) {
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Business registration' });
  await form.getByLabel('Business Name').fill(business);
  await form.getByLabel('Owner Name').fill('Robin Example');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Business Type').selectOption('Restaurant');
  await form.getByLabel('Subscription Plan').selectOption('growing');
  await page.getByRole('button', { name: 'Register Business' }).click();
  await expect(page).toHaveURL(/\/checkout\/growing\?registration=/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $299.00' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Test Agency!' })).toBeVisible();
}

test('a client signs in by e-mailed link and manages card, cancellation and plan on /account', async ({
  page,
  browser,
}) => {
  // One long flow (register, pay, sign in, five actions, each confirmed): more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  await useAddress(page, ADDRESS);
  await registerAndPay(page);

  await page.goto('/account');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'If that address has a subscription with us' }),
  ).toContainText(
    'If that address has a subscription with us, we have e-mailed it a sign-in link. It works for 15 minutes.',
  );
  await expectNoSeriousA11yViolations(page);

  // A new browser with nothing but the link. Opening it alone signs nobody in (someone else's
  // link must not plant their session here): the page asks first, and the token stays unspent.
  const { link, context, client, open } = await openBillingLink(browser, ADDRESS, email);
  await expect(open).toBeVisible();
  await expect(
    client.getByText('Open the page only if you asked for this link yourself.'),
  ).toBeVisible();
  expect(await context.cookies()).toEqual([]);
  expect(
    (
      await context.request.get('/api/account', { headers: { 'x-forwarded-for': ADDRESS } })
    ).status(),
  ).toBe(401);
  await expectNoSeriousA11yViolations(client);
  // The click spends it; the token leaves the address bar.
  await open.click();
  await expect(client.getByRole('heading', { name: business })).toBeVisible();
  expect(new URL(client.url()).search).toBe('');
  await expect(client.getByRole('heading', { name: 'Growing plan' })).toBeVisible();
  await expect(client.getByText('Active', { exact: true })).toBeVisible();
  await expect(
    client.getByText(/Intro price until [A-Z][a-z]+ \d{1,2}, \d{4}, then \$325\.00 per month/),
  ).toBeVisible();
  const invoices = client.getByRole('region', { name: 'Invoices' });
  await expect(invoices.getByTestId('invoice')).toHaveCount(1);
  await expect(invoices).toContainText('$299.00');
  await expectNoSeriousA11yViolations(client);

  // The printable receipt of that invoice, at its own address.
  await invoices.getByRole('link', { name: /^Receipt INV-/ }).click();
  await expect(client).toHaveURL(/\/account\/invoices\/INV-\d+$/);
  await expect(client.getByRole('heading', { name: /^Receipt INV-/ })).toBeFocused();
  await client.emulateMedia({ media: 'print' });
  // Printed: the receipt alone, without the site's header, footer and buttons.
  await expect(client.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(client.getByRole('banner')).toBeHidden();
  await expect(client.getByRole('heading', { name: /^Receipt INV-/ })).toBeVisible();
  await client.emulateMedia({ media: 'screen' });
  await client.getByRole('link', { name: 'Back to billing' }).click();
  await expect(invoices.getByRole('link', { name: /^Receipt INV-/ })).toBeVisible();

  // A dialog closed without acting gives focus back to its button.
  const changePlan = client.getByRole('button', { name: 'Change plan' });
  await changePlan.click();
  await expect(client.getByRole('dialog', { name: 'Change plan' })).toBeVisible();
  await client.keyboard.press('Escape');
  await expect(changePlan).toBeFocused();

  await client.getByRole('button', { name: 'Update card' }).click();
  let dialog = client.getByRole('dialog', { name: 'Update card' });
  await dialog.getByLabel('Card number').fill('5555 5555 5555 4444');
  await dialog.getByLabel('Expiry').fill('11 / 35');
  await dialog.getByLabel('CVC').fill('321');
  await dialog.getByRole('button', { name: 'Save card' }).click();
  await expect(dialog).toBeHidden();
  await expect(client.getByText('Card updated', { exact: true })).toBeVisible();
  await expect(client.getByTestId('card-on-file')).toContainText('Mastercard ending in 4444');

  await client.getByRole('button', { name: 'Cancel subscription' }).click();
  dialog = client.getByRole('dialog', { name: 'Cancel subscription' });
  await dialog
    .getByLabel('Why are you leaving? (optional)')
    .fill('Trying it on our own for a while');
  await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(dialog).toBeHidden();
  await expect(client.getByText(/^Ending on [A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible();
  // The button that opened the dialog is gone: focus is on the one that takes its place.
  await expect(client.getByRole('button', { name: 'Resume subscription' })).toBeFocused();

  await client.getByRole('button', { name: 'Resume subscription' }).click();
  dialog = client.getByRole('dialog', { name: 'Resume subscription' });
  await dialog.getByRole('button', { name: 'Resume subscription' }).click();
  await expect(dialog).toBeHidden();
  await expect(client.getByText('Active', { exact: true })).toBeVisible();
  await expect(client.getByRole('button', { name: 'Cancel subscription' })).toBeFocused();

  await changePlan.click();
  dialog = client.getByRole('dialog', { name: 'Change plan' });
  await dialog.getByRole('radio', { name: /^Professional/ }).check();
  await expect(
    dialog.getByText(/^You pay \$\d+\.\d{2} now and \$\d+\.\d{2} per month from then on$/),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(client);
  await dialog.getByRole('button', { name: 'Change plan' }).click();
  await expect(dialog).toBeHidden();
  await expect(client.getByRole('heading', { name: 'Professional plan' })).toBeVisible();
  await expect(invoices.getByTestId('invoice')).toHaveCount(2);
  await expect(invoices).toContainText('Plan change (prorated)');

  // A downgrade waits for the renewal; keeping the current plan undoes it.
  await changePlan.click();
  dialog = client.getByRole('dialog', { name: 'Change plan' });
  await dialog.getByRole('radio', { name: /^Essential/ }).check();
  await expect(
    dialog.getByText(/^From [A-Z][a-z]+ \d{1,2}, \d{4} you pay \$\d+\.\d{2} per month$/),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Change plan' }).click();
  await expect(dialog).toBeHidden();
  await expect(client.getByText(/Essential/).first()).toBeVisible();
  await changePlan.click();
  dialog = client.getByRole('dialog', { name: 'Change plan' });
  await dialog.getByRole('radio', { name: 'Keep Professional (no change at renewal)' }).check();
  await expect(
    dialog.getByText(
      /^You stay on Professional at \$\d+\.\d{2} per month; the scheduled change is cancelled$/,
    ),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Change plan' }).click();
  await expect(dialog).toBeHidden();
  await expect(client.getByRole('heading', { name: 'Professional plan' })).toBeVisible();
  await expect(client.getByText(/Essential/)).toHaveCount(0);

  // A 390 px phone: nothing sticks out sideways (the invoice list wraps).
  await client.setViewportSize({ width: 390, height: 844 });
  expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    390,
  );
  await expectNoSeriousA11yViolations(client);

  await client.getByRole('button', { name: 'Sign out' }).click();
  await expect(client.getByRole('button', { name: 'Send me a sign-in link' })).toBeVisible();
  // The link was spent: opening it again and clicking asks for a new one.
  await client.goto(link.pathname + link.search);
  await client.getByRole('button', { name: 'Open my billing page' }).click();
  await expect(client.getByRole('alert')).toContainText(
    'This sign-in link has expired or was already used. Ask for a new one below.',
  );
  await context.close();
});
