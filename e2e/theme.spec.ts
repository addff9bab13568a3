import { expect, test, type Page } from '@playwright/test';
import { collectPageErrors, expectNoSeriousA11yViolations, signIn, useAddress } from './helpers';

const LIGHT = 'rgb(255, 255, 255)';
const DARK = 'rgb(10, 19, 34)';
const background = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/**
 * Records, from before the page's HTML is parsed, when `data-theme` first lands on <html> (and
 * whether <body> existed yet) and the page's background at DOMContentLoaded.
 */
async function watchThemeOnLoad(page: Page) {
  await page.addInitScript(() => {
    const seen: {
      theme?: string;
      bodyExisted?: boolean;
      loaded?: { theme?: string; background: string };
    } = {};
    (window as unknown as { __themeOnLoad: typeof seen }).__themeOnLoad = seen;
    const observer = new MutationObserver(() => {
      const theme = document.documentElement.dataset.theme;
      if (!theme || seen.theme) return;
      seen.theme = theme;
      seen.bodyExisted = document.body !== null;
    });
    observer.observe(document, {
      subtree: true,
      attributes: true,
      attributeFilter: ['data-theme'],
    });
    document.addEventListener('DOMContentLoaded', () => {
      seen.loaded = {
        theme: document.documentElement.dataset.theme,
        background: getComputedStyle(document.body).backgroundColor,
      };
    });
  });
}
const themeOnLoad = (page: Page) =>
  page.evaluate(
    () =>
      (
        window as unknown as {
          __themeOnLoad: {
            theme?: string;
            bodyExisted?: boolean;
            loaded?: { theme?: string; background: string };
          };
        }
      ).__themeOnLoad,
  );

test('Dark chosen in the header is remembered and applied before the first paint, with the strict CSP', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await watchThemeOnLoad(page);
  await page.goto('/');
  const toggle = page.getByRole('banner').getByRole('group', { name: 'Theme' });
  await expect(toggle.getByRole('radio', { name: 'System' })).toBeChecked();
  expect(await background(page)).toBe(LIGHT);

  await toggle.getByRole('radio', { name: 'Dark' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await background(page)).toBe(DARK);

  await page.reload();
  // Set by the <head> script while the HTML was still being parsed, before <body> existed, so
  // the page is never painted light first; dark already at DOMContentLoaded.
  expect(await themeOnLoad(page)).toEqual({
    theme: 'dark',
    bodyExisted: false,
    loaded: { theme: 'dark', background: DARK },
  });
  await expect(toggle.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expect(page.getByRole('group', { name: 'Growing' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // The inline script ran under the page's CSP (allowed by its hash): no violation was reported.
  expect(errors).toEqual([]);
});

test('Light wins over a dark system setting; System follows the system, also as it changes', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  const toggle = page.getByRole('banner').getByRole('group', { name: 'Theme' });
  expect(await background(page)).toBe(DARK);
  await expectNoSeriousA11yViolations(page);

  await toggle.getByRole('radio', { name: 'Light' }).check();
  expect(await background(page)).toBe(LIGHT);
  await watchThemeOnLoad(page);
  await page.reload();
  expect(await themeOnLoad(page)).toMatchObject({
    theme: 'light',
    bodyExisted: false,
    loaded: { background: LIGHT },
  });

  await toggle.getByRole('radio', { name: 'System' }).check();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
  expect(await background(page)).toBe(DARK);
  await page.emulateMedia({ colorScheme: 'light' });
  expect(await background(page)).toBe(LIGHT);
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await background(page)).toBe(DARK);
  await page.reload();
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBeUndefined();
  expect(await background(page)).toBe(DARK);
});

test('the admin area has the same toggle, and the choice carries over', async ({ page }) => {
  await useAddress(page, '10.84.1.1');
  await page.emulateMedia({ colorScheme: 'light' });
  await signIn(page);
  const toggle = page.getByRole('complementary').getByRole('group', { name: 'Theme' });
  await expect(toggle.getByRole('radio', { name: 'System' })).toBeChecked();
  await toggle.getByRole('radio', { name: 'Dark' }).focus();
  await page.keyboard.press('Space');
  expect(await background(page)).toBe(DARK);
  await expectNoSeriousA11yViolations(page);
  // Arrow keys move within the group, as in any radio group.
  await page.keyboard.press('ArrowLeft');
  await expect(toggle.getByRole('radio', { name: 'Light' })).toBeChecked();
  expect(await background(page)).toBe(LIGHT);
  await page.keyboard.press('ArrowRight');
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('radio', { name: 'Dark' })).toBeChecked();
  expect(await background(page)).toBe(DARK);
});
