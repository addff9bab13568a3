import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, OWNER, signIn, useAddress } from './helpers';

test.beforeEach(async ({ page }) => useAddress(page, '10.77.0.1'));

const LOGGED_OUT_TEXTS = ['Unauthorized', 'You are logged out. Logging in again...'];

/**
 * Notes which of `texts` the page shows, as they appear: on a busy machine the 500 ms before the
 * redirect to sign-in can pass before a locator looks, and a locator then waits for the navigation
 * instead of reading the page it leaves.
 */
async function noteTexts(page: Page, texts: string[]) {
  await page.addInitScript((wanted) => {
    const note = () => {
      const text = document.body?.innerText ?? '';
      for (const t of wanted) if (text.includes(t)) sessionStorage.setItem(`seen:${t}`, '1');
    };
    new MutationObserver(note).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  }, texts);
}

/** The texts `noteTexts` saw, sorted. */
async function textsSeen(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Object.keys(sessionStorage)
      .filter((k) => k.startsWith('seen:'))
      .map((k) => k.slice('seen:'.length))
      .sort(),
  );
}

test('a visitor at /admin is told they are logged out and reaches the sign-in page', async ({
  page,
}) => {
  await noteTexts(page, LOGGED_OUT_TEXTS);
  const redirect = page.waitForRequest('**/api/login');
  await page.goto('/admin');
  await redirect;
  await expect(page).toHaveURL(/\/login$/);
  const seen = await textsSeen(page);
  expect(seen).toEqual(['Unauthorized', 'You are logged out. Logging in again...']);
  await expect(page.getByLabel('Email')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('a wrong password is refused without saying which part was wrong; the right one reaches the admin area', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Password').fill('not the right passphrase');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong email or password.');
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(
    page.getByRole('heading', { name: 'Local Business Search', level: 1 }),
  ).toBeVisible();
  await expect(page.getByText('Items from a Veteran')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Landing Page' })).toHaveAttribute('href', '/');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: 'Clients', exact: true }).click();
  await expect(page).toHaveURL(/\/admin#clients$/);
  await expect(page.getByRole('heading', { name: 'Clients', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await noteTexts(page, LOGGED_OUT_TEXTS);
  const redirect = page.waitForRequest('**/api/login');
  await page.goto('/admin');
  await redirect;
  await expect(page).toHaveURL(/\/login$/);
  expect(await textsSeen(page)).toContain('Unauthorized');
});

test('on a phone the sidebar is a drawer: it opens over an overlay, keeps focus inside and gives it back', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  const menu = page.getByRole('button', { name: 'Open menu' });
  await expect(menu).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeHidden();

  await menu.click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toBeVisible();
  await expect(page.getByTestId('dialog-overlay')).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Applications' })).toBeVisible();
  // Tabbing past the last control comes back into the drawer, never to the page behind it.
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(menu).toBeFocused();

  await menu.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Close menu' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(menu).toBeFocused();

  await menu.click();
  await page.getByRole('dialog').getByRole('link', { name: 'Investors' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page).toHaveURL(/\/admin#investors$/);
  await expect(
    page.getByRole('heading', { name: 'LinkedIn Investor Directory', level: 1 }),
  ).toBeVisible();
});

test('deep links open their section; the portfolio Edit button shows to employees only and opens settings at the portfolio', async ({
  page,
  browser,
}) => {
  await signIn(page);
  await page.goto('/admin#apps');
  await expect(
    page.getByRole('heading', { name: 'Test Agency Applications', level: 1 }),
  ).toBeVisible();

  await page.goto('/');
  const edit = page.getByRole('link', { name: /^Edit / }).first();
  await expect(edit).toHaveAttribute('href', '/settings#portfolio');
  await edit.click();
  // The spec's address lands on the portfolio's own settings page.
  await expect(page).toHaveURL(/\/settings\/portfolio$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Portfolio Management' })).toBeInViewport();

  const visitor = await browser.newPage();
  await visitor.goto(page.url().replace(/\/settings\/portfolio$/, '/'));
  await expect(visitor.getByRole('heading', { name: 'Our Client Websites' })).toBeVisible();
  await expect(visitor.getByRole('link', { name: /^Edit / })).toHaveCount(0);
  await visitor.close();
});
