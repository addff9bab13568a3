import { expect, test } from '@playwright/test';
import { totpFromUri } from '../src/server/test/totp';
import { expectNoSeriousA11yViolations, signIn, useAddress } from './helpers';

test.beforeEach(async ({ page }) => useAddress(page, '10.77.0.2'));

test('an owner adds an employee, who turns on two-factor sign-in and then needs a code to sign in', async ({
  page,
}) => {
  const staff = { email: `sam-${Date.now()}@example.com`, password: 'sam staff passphrase' };
  await signIn(page);
  await page.goto('/settings/employees');
  await page.getByRole('button', { name: 'Add employee' }).click();
  const form = page.getByRole('form', { name: 'Add employee' });
  await form.getByLabel('Name').fill('Sam Staff');
  await form.getByLabel('Email').fill(staff.email);
  await form.getByLabel('First password').fill('password1234');
  await form.getByRole('button', { name: 'Add employee' }).click();
  await expect(form.getByText(/too common/)).toBeVisible();
  await form.getByLabel('First password').fill(staff.password);
  await form.getByRole('button', { name: 'Add employee' }).click();
  await expect(page.getByText('Employee added', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Employees' }).getByText(staff.email)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page
    .getByRole('navigation', { name: 'Settings pages' })
    .getByRole('link', { name: 'Activity log' })
    .click();
  await expect(page).toHaveURL(/\/settings\/activity$/);
  await expect(
    page
      .getByRole('table', { name: /^Activity log/ })
      .getByText(/Created employee/)
      .first(),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, staff);
  // Staff see no Employees page: not in the settings navigation, and its address shows no list.
  await page.goto('/settings/employees');
  await expect(page.getByText('Only an owner can see this page.', { exact: false })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Employees' })).toHaveCount(0);
  const settingsNav = page.getByRole('navigation', { name: 'Settings pages' });
  await expect(settingsNav.getByRole('link', { name: 'Security' })).toBeVisible();
  await expect(settingsNav.getByRole('link', { name: 'Employees' })).toHaveCount(0);
  await expect(settingsNav.getByRole('link', { name: 'Billing test clock' })).toHaveCount(0);
  await settingsNav.getByRole('link', { name: 'Security' }).click();
  await expect(page).toHaveURL(/\/settings\/security$/);
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await page.getByLabel('Your password').fill(staff.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  const uri = `otpauth://totp/x?secret=${secret}&period=30&digits=6`;
  await page.getByLabel('Code from your app').fill(totpFromUri(uri));
  await page.getByRole('button', { name: 'Turn on', exact: true }).click();
  await expect(page.getByText('Two-factor sign-in is on', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Email').fill(staff.email);
  await page.getByLabel('Password').fill(staff.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'That code is not right. Check the code in your authenticator app and try again.',
  );
  await page.getByLabel('Authentication code').fill(totpFromUri(uri));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin$/);
});

test('an owner disables an employee after confirming, and can enable them again', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/settings/employees');
  await page.getByRole('button', { name: 'Add employee' }).click();
  const email = `dana-${Date.now()}@example.com`;
  const form = page.getByRole('form', { name: 'Add employee' });
  await form.getByLabel('Name').fill('Dana Doe');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('First password').fill('dana staff passphrase');
  await form.getByRole('button', { name: 'Add employee' }).click();
  const row = page
    .getByRole('list', { name: 'Employees' })
    .getByRole('listitem')
    .filter({ hasText: email });
  await row.getByRole('button', { name: 'Disable', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Disable this employee?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row.getByText('Disabled', { exact: true })).toHaveCount(0);
  await row.getByRole('button', { name: 'Disable', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Disable', exact: true }).click();
  await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'Enable' }).click();
  await expect(row.getByText('Disabled', { exact: true })).toHaveCount(0);
});
