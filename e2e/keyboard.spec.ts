import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, OWNER, tabTo, useAddress } from './helpers';

// WCAG 2.2 AA, keyboard: the main tasks are done with Tab, Shift+Tab, Enter, Space, Escape and
// typing only (no mouse, no fill()), and after every submit, delete and closed dialog focus is on
// something that makes sense to continue from, never on <body>.

/** Types into the focused field, as a person at a keyboard does. */
const type = (page: Page, text: string) => page.keyboard.type(text);

async function signInByKeyboard(page: Page) {
  await page.goto('/login');
  await tabTo(page, page.getByLabel('Email'));
  await type(page, OWNER.email);
  await page.keyboard.press('Tab');
  await type(page, OWNER.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin$/);
}

test.describe('a visitor, by keyboard', () => {
  test.beforeEach(async ({ page }) => useAddress(page, '10.85.0.1'));

  test('chooses a plan, registers, checks out and pays with the test card', async ({ page }) => {
    await page.goto('/');
    const choose = page.getByRole('button', { name: 'Choose Growing' });
    await tabTo(page, choose);
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Business Name')).toBeFocused();
    await type(page, 'Keyboard Bakery');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Owner Name')).toBeFocused();
    await type(page, 'Kay Board');
    await page.keyboard.press('Tab');
    await type(page, `kay-${Date.now()}@example.com`);
    const businessType = page.getByLabel('Business Type');
    await tabTo(page, businessType);
    // A closed select takes type-ahead: 'Res' picks Restaurant.
    await type(page, 'Res');
    await expect(businessType).toHaveValue('Restaurant');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Subscription Plan')).toBeFocused();
    await expect(page.getByLabel('Subscription Plan')).toHaveValue('growing');
    await tabTo(page, page.getByRole('button', { name: 'Register Business' }));
    await page.keyboard.press('Enter');

    // Checkout opens with focus on its heading, the plan's name.
    await expect(page).toHaveURL(/\/checkout\/growing\?registration=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Growing' })).toBeFocused();
    await tabTo(page, page.getByLabel('Card number'));
    await type(page, '4242424242424242');
    await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Expiry')).toBeFocused();
    await type(page, '1234');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('CVC')).toBeFocused();
    await type(page, '12');
    // Back to the expiry and forward again: Shift+Tab works both ways through the form.
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByLabel('Expiry')).toHaveValue('12 / 34');
    await page.keyboard.press('Tab');
    await page.keyboard.press('End');
    await type(page, '3');
    await expect(page.getByLabel('CVC')).toHaveValue('123');
    await tabTo(page, page.getByRole('button', { name: 'Pay $299.00' }));
    await page.keyboard.press('Space');

    // The confirmation opens with focus on its heading.
    await expect(page).toHaveURL(/\/payment-success\?payment_intent=pi_test_/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Welcome to Test Agency!' }),
    ).toBeFocused();
    await expectNoSeriousA11yViolations(page);
  });

  test('a declined card leaves focus on what went wrong, next to the card fields', async ({
    page,
  }) => {
    await page.goto('/');
    await tabTo(page, page.getByRole('button', { name: 'Choose Essential' }));
    await page.keyboard.press('Enter');
    await type(page, 'Declined Deli');
    await page.keyboard.press('Tab');
    await type(page, 'Dee Clined');
    await page.keyboard.press('Tab');
    await type(page, `dee-${Date.now()}@example.com`);
    await tabTo(page, page.getByLabel('Business Type'));
    await type(page, 'Res');
    // Enter in a text field sends the form.
    await tabTo(page, page.getByLabel('Address'), { backwards: true });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Essential' })).toBeFocused();

    await tabTo(page, page.getByLabel('Card number'));
    await type(page, '4000000000000002');
    await page.keyboard.press('Tab');
    await type(page, '1234');
    await page.keyboard.press('Tab');
    await type(page, '123');
    await page.keyboard.press('Enter');
    const message = page.getByRole('alert').filter({ hasText: 'Nothing was charged' });
    await expect(message).toBeFocused();
    await expect(message).toContainText('Your card was declined.');
    // The card fields follow the message, so the next Tab goes to the card number again.
    await tabTo(page, page.getByLabel('Card number'), { limit: 3 });
  });
});

test.describe('an employee, by keyboard', () => {
  test.beforeEach(async ({ page }) => useAddress(page, '10.85.0.2'));

  test('signs in, creates an application, adds a portfolio item and deletes it', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const stamp = Date.now();
    const appName = `Keyboard App ${stamp}`;
    const siteName = `Keyboard Site ${stamp}`;

    await signInByKeyboard(page);
    // Signed in, focus starts at the admin area's heading.
    await expect(page.getByRole('heading', { level: 1, name: 'Business Search' })).toBeFocused();

    // The sidebar comes before the heading: back to Settings with Shift+Tab.
    await tabTo(
      page,
      page
        .getByRole('navigation', { name: 'Admin sections' })
        .getByRole('link', { name: 'Settings' }),
      { backwards: true },
    );
    await page.keyboard.press('Enter');
    // Settings opens on its first page, Applications.
    await expect(page).toHaveURL(/\/settings\/applications$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    const settingsNav = page.getByRole('navigation', { name: 'Settings pages' });

    // Create Application: focus lands on the new row of 'Your Applications'.
    await tabTo(page, page.getByLabel('Application Name'));
    await type(page, appName);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Application URL')).toBeFocused();
    await type(page, 'https://keyboard.example');
    await tabTo(page, page.getByRole('button', { name: 'Create Application' }));
    await page.keyboard.press('Enter');
    await expect(
      page.getByText('Application created successfully!', { exact: true }),
    ).toBeVisible();
    const appRow = page
      .getByRole('list', { name: 'Applications' })
      .getByRole('listitem')
      .filter({ hasText: appName });
    await expect(appRow).toBeFocused();

    // The settings navigation comes before the page: back to Portfolio with Shift+Tab, Enter
    // opens that page and focus stays on its link.
    const portfolioLink = settingsNav.getByRole('link', { name: 'Portfolio', exact: true });
    await tabTo(page, portfolioLink, { backwards: true });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/settings\/portfolio$/);
    await expect(
      page.getByRole('heading', { level: 2, name: 'Portfolio Management' }),
    ).toBeVisible();
    await expect(portfolioLink).toHaveAttribute('aria-current', 'page');
    await expect(portfolioLink).toBeFocused();

    // Add Portfolio Item: focus lands on the new item in the list.
    await tabTo(page, page.getByLabel('Website Name'));
    await type(page, siteName);
    await page.keyboard.press('Tab');
    await type(page, 'https://keyboard-site.example');
    await tabTo(page, page.getByRole('button', { name: 'Add Portfolio Item' }));
    await page.keyboard.press('Enter');
    await expect(
      page.getByText('Portfolio item added successfully!', { exact: true }),
    ).toBeVisible();
    const list = page.getByRole('list', { name: 'Client websites' });
    const row = list.getByRole('listitem').filter({ hasText: siteName });
    await expect(row).toBeFocused();

    // Delete, cancelled twice (Escape, then the Cancel button): focus goes back to Delete.
    const remove = row.getByRole('button', { name: `Delete ${siteName}` });
    await tabTo(page, remove);
    const dialog = page.getByRole('dialog', { name: 'Delete this portfolio item?' });
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(remove).toBeFocused();
    await page.keyboard.press('Enter');
    await tabTo(page, dialog.getByRole('button', { name: 'Cancel' }));
    await page.keyboard.press('Space');
    await expect(dialog).toHaveCount(0);
    await expect(remove).toBeFocused();

    // Delete, confirmed: the row goes and focus moves to the next row (or the previous, or the list's heading).
    const next = await row.evaluate(
      (item) =>
        (item.nextElementSibling ?? item.previousElementSibling)?.id ?? 'portfolio-list-heading',
    );
    await page.keyboard.press('Enter');
    await tabTo(page, dialog.getByRole('button', { name: 'Delete', exact: true }));
    await page.keyboard.press('Enter');
    await expect(
      page.getByText('Portfolio item deleted successfully!', { exact: true }),
    ).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(page.locator(`[id="${next}"]`)).toBeFocused();
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
    await expectNoSeriousA11yViolations(page);
  });

  test('deleting an application from its details moves focus to the next row', async ({ page }) => {
    const name = `Focus App ${Date.now()}`;
    await signInByKeyboard(page);
    const created = await page.request.post('/api/applications', {
      data: { name, url: 'https://focus-app.example', status: 'active' },
    });
    expect(created.status()).toBe(201);
    await page.goto('/settings/applications');

    const list = page.getByRole('list', { name: 'Applications' });
    const row = list.getByRole('listitem').filter({ hasText: name });
    const details = row.getByRole('button', { name: `View Details of ${name}` });
    await tabTo(page, details);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name });
    await expect(dialog).toBeVisible();
    // Closing the details gives focus back to the row's button.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(details).toBeFocused();

    const next = await row.evaluate(
      (item) =>
        (item.nextElementSibling ?? item.previousElementSibling)?.id ?? 'applications-list-heading',
    );
    await page.keyboard.press('Enter');
    await tabTo(page, dialog.getByRole('button', { name: 'Delete application' }));
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Delete this application?' });
    await tabTo(page, confirm.getByRole('button', { name: 'Delete', exact: true }));
    await page.keyboard.press('Enter');
    await expect(
      page.getByText('Application deleted successfully!', { exact: true }),
    ).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(page.locator(`[id="${next}"]`)).toBeFocused();
  });

  test("cancelling 'Delete lead' gives focus back to the lead's Delete button", async ({
    page,
  }) => {
    const name = `Keyboard Lead ${Date.now()}`;
    await signInByKeyboard(page);
    const saved = await page.request.post('/api/leads', {
      data: { provider: 'directory', sourceId: `keyboard-${Date.now()}`, name },
    });
    expect(saved.ok()).toBe(true);
    await page.goto('/admin?view=leads#search');

    const lead = page.getByRole('list', { name: 'Saved leads' }).getByRole('article', { name });
    const remove = lead.getByRole('button', { name: 'Delete' });
    await tabTo(page, remove);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete this lead?' });
    await tabTo(page, dialog.getByRole('button', { name: 'Cancel' }));
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(remove).toBeFocused();
    await expect(lead).toBeVisible();

    await page.keyboard.press('Enter');
    await tabTo(page, dialog.getByRole('button', { name: 'Delete lead' }));
    await page.keyboard.press('Enter');
    await expect(lead).toHaveCount(0);
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
  });

  test("forms that take a button's place in settings give focus to their first field, and back to the button", async ({
    page,
  }) => {
    await useAddress(page, '10.85.0.3');
    await signInByKeyboard(page);
    // Two-factor sign-in is on the Security page, adding an employee on the Employees page.
    await page.goto('/settings/security');
    await expect(page.getByRole('heading', { level: 2, name: 'Two-factor sign-in' })).toBeVisible();

    const turnOn = page.getByRole('button', { name: 'Turn on two-factor sign-in' });
    await tabTo(page, turnOn);
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Your password')).toBeFocused();
    await tabTo(
      page,
      page
        .getByRole('form', { name: 'Two-factor sign-in' })
        .getByRole('button', { name: 'Cancel' }),
    );
    await page.keyboard.press('Enter');
    await expect(turnOn).toBeFocused();

    // To the Employees page by keyboard: its link in the settings navigation comes before the page.
    const employeesLink = page
      .getByRole('navigation', { name: 'Settings pages' })
      .getByRole('link', { name: 'Employees', exact: true });
    await tabTo(page, employeesLink, { backwards: true });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/settings\/employees$/);
    await expect(employeesLink).toBeFocused();

    const add = page.getByRole('button', { name: 'Add employee' });
    await tabTo(page, add);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('form', { name: 'Add employee' }).getByLabel('Name')).toBeFocused();
    await tabTo(
      page,
      page.getByRole('form', { name: 'Add employee' }).getByRole('button', { name: 'Cancel' }),
    );
    await page.keyboard.press('Space');
    await expect(add).toBeFocused();
  });
});
