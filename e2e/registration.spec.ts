import { expect, test } from '@playwright/test';
import { fillRequiredRegistration } from './helpers';

test('an incomplete form shows the error summary and sends nothing', async ({ page }) => {
  let posts = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/business-registration')) posts++;
  });
  await page.goto('/');
  await page.getByLabel('Business Name').fill('Only A Name');
  await page.getByRole('button', { name: 'Register Business' }).click();
  // Required fields blank: the spec's words head the summary (docs/product.md §5).
  await expect(
    page.getByRole('alert').filter({ hasText: 'Please fill in all required fields' }),
  ).toBeFocused();
  await expect(page.getByLabel('Owner Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Business Name')).toHaveValue('Only A Name');
  expect(posts).toBe(0);
});

test('a complete registration lands on the checkout of its plan', async ({ page }) => {
  await page.goto('/');
  const form = await fillRequiredRegistration(page, 'professional');
  // A business of its own: the shared demo business may already be pending from another spec, and
  // registering a pending one again resumes it (another message).
  await form.getByLabel('Business Name').fill(`Demo Bakery ${Date.now().toString(36)}`);
  await page.getByLabel('Phone').fill('555-0100');
  await page.getByLabel('Website', { exact: true }).fill('https://demo-bakery.example.com');
  await page.getByLabel('Description').fill('A demo bakery.');
  await page.getByRole('button', { name: 'Register Business' }).click();
  await expect(page.getByText('Registration Successful!', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Redirecting you to complete your payment...', { exact: true }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/checkout\/professional\?registration=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Professional' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay $449.00' })).toBeVisible();
  const pending = await page.evaluate(() => sessionStorage.getItem('pendingRegistration'));
  expect(JSON.parse(pending!)).toMatchObject({
    planName: 'professional',
    id: expect.stringMatching(/^[0-9a-f-]{36}$/),
  });
});

test('the button reads Registering... and is disabled while sending', async ({ page }) => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/business-registration', async (route) => {
    await gate;
    await route.fulfill({
      status: 201,
      json: {
        id: '00000000-0000-4000-8000-000000000000',
        status: 'pending_payment',
        plan: { id: 1, name: 'essential' },
        checkoutPath: '/checkout/essential?registration=00000000-0000-4000-8000-000000000000',
        resumed: false,
      },
    });
  });
  await page.goto('/');
  await fillRequiredRegistration(page, 'essential');
  await page.getByRole('button', { name: 'Register Business' }).click();
  const sending = page.getByRole('button', { name: 'Registering...' });
  await expect(sending).toBeDisabled();
  release();
  await expect(page).toHaveURL(/\/checkout\/essential\?registration=[0-9a-f-]{36}$/);
});

test("a server failure shows 'Registration Failed' with the server's message and keeps the form", async ({
  page,
}) => {
  await page.route('**/api/business-registration', (route) =>
    route.fulfill({
      status: 500,
      json: { message: 'Something went wrong on our side. Please try again in a moment.' },
    }),
  );
  await page.goto('/');
  await fillRequiredRegistration(page);
  await page.getByRole('button', { name: 'Register Business' }).click();
  await expect(page.getByText('Registration Failed', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Something went wrong on our side. Please try again in a moment.', {
      exact: true,
    }),
  ).toBeVisible();
  await expect(page.getByLabel('Business Name')).toHaveValue('Demo Test Bakery');
  await expect(page).toHaveURL(/\/$/);
});

test("a malformed e-mail is caught in the browser with the server's schema, beside its field", async ({
  page,
}) => {
  let posts = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/business-registration')) posts++;
  });
  await page.goto('/');
  await fillRequiredRegistration(page);
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Register Business' }).click();
  const message = 'Enter an email address in the correct format, like name@example.com';
  await expect(page.locator('#email-error')).toHaveText(message);
  await expect(page.getByRole('alert').getByRole('link', { name: message })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Email')).toHaveValue('not-an-email');
  expect(posts).toBe(0);
});

test('fields the server refuses go to the error summary, not a toast', async ({ page }) => {
  await page.route('**/api/business-registration', (route) =>
    route.fulfill({
      status: 400,
      json: {
        message: 'Please check Email: This address cannot receive mail.',
        issues: [{ field: 'email', message: 'This address cannot receive mail.' }],
      },
    }),
  );
  await page.goto('/');
  await fillRequiredRegistration(page);
  await page.getByRole('button', { name: 'Register Business' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(summary).toBeFocused();
  await summary.getByRole('link', { name: 'This address cannot receive mail.' }).click();
  await expect(page.getByLabel('Email')).toBeFocused();
  await expect(page.getByText('Registration Failed', { exact: true })).toHaveCount(0);
});
