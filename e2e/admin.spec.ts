import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './helpers';

const OWNER = { email: 'owner@example.com', password: 'e2e owner passphrase' };

test('a visitor at /admin is told they are logged out and reaches the sign-in page', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByText('Unauthorized', { exact: true })).toBeVisible();
  await expect(page.getByText('You are logged out. Logging in again...', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Email')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('a wrong password is refused without saying which part was wrong; the right one reaches the admin area', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Password').fill('not the right passphrase');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong email or password.');
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Business Search' })).toBeVisible();
  await expect(page.getByText('Items from a Veteran')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Landing Page' })).toHaveAttribute('href', '/');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: 'Clients' }).click();
  await expect(page).toHaveURL(/\/admin#clients$/);
  await expect(page.getByRole('heading', { name: 'Clients' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/admin');
  await expect(page.getByText('Unauthorized', { exact: true })).toBeVisible();
});
