import { expect, test, type Locator, type Page } from '@playwright/test';
import { fillRequiredRegistration, signIn, useAddress } from './helpers';

/** The longest animation and transition of an element in seconds, and its animation's name, as computed. */
const motion = (element: Locator) =>
  element.evaluate((el) => {
    const style = getComputedStyle(el);
    const longest = (list: string) =>
      Math.max(
        ...list.split(',').map((d) => parseFloat(d) * (d.trim().endsWith('ms') ? 0.001 : 1)),
      );
    return {
      name: style.animationName,
      animation: longest(style.animationDuration),
      transition: longest(style.transitionDuration),
    };
  });

const scrollBehavior = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior);

/** A toast (the registration answered by a server that is down) on the landing page. */
async function showToast(page: Page): Promise<Locator> {
  await page.route('**/api/business-registration', (route) =>
    route.fulfill({ status: 503, json: { message: 'Down for maintenance.' } }),
  );
  await page.goto('/');
  await fillRequiredRegistration(page, 'essential');
  await page.getByRole('button', { name: 'Register Business' }).click();
  const toast = page
    .getByRole('region', { name: /Notifications/ })
    .locator('li')
    .filter({ hasText: 'Registration Failed' });
  await expect(toast).toBeVisible();
  return toast;
}

/** A confirmation dialog (deleting a portfolio item) on the admin area's Settings → Portfolio page. */
async function openDialog(page: Page): Promise<{ dialog: Locator; overlay: Locator }> {
  await page.goto('/settings/portfolio');
  await page
    .getByRole('list', { name: 'Client websites' })
    .getByRole('listitem')
    .first()
    .getByRole('button', { name: /^Delete/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Delete this portfolio item?' });
  await expect(dialog).toBeVisible();
  return { dialog, overlay: page.getByTestId('dialog-overlay') };
}

test.beforeEach(async ({ page }) => {
  await useAddress(page, '10.84.2.1');
  await signIn(page);
});

test('without a preference, dialogs and toasts come in with a short animation and the page scrolls smoothly', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  const toast = await showToast(page);
  expect(await motion(toast)).toMatchObject({ name: 'toast-in', animation: 0.2, transition: 0.15 });
  expect(await scrollBehavior(page)).toBe('smooth');

  const { dialog, overlay } = await openDialog(page);
  expect(await motion(dialog)).toMatchObject({ name: 'dialog-in', animation: 0.15 });
  expect(await motion(overlay)).toMatchObject({ name: 'fade-in', animation: 0.15 });
});

test('with prefers-reduced-motion: reduce, nothing animates, transitions or scrolls smoothly', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const still = async (element: Locator) => {
    const { animation, transition } = await motion(element);
    expect(animation, String(element)).toBeLessThan(0.001);
    expect(transition, String(element)).toBeLessThan(0.001);
  };
  await still(await showToast(page));
  await still(page.getByRole('button', { name: 'Register Business' }));
  expect(await scrollBehavior(page)).toBe('auto');

  const { dialog, overlay } = await openDialog(page);
  await still(dialog);
  await still(overlay);
  // Closing is immediate too: Radix still hears the animation end and unmounts the dialog.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
});
