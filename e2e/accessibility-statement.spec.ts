import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './helpers';

test('the footer links to the accessibility statement: standard, testing, known limits and a contact', async ({
  page,
}) => {
  await page.goto('/');
  // Once the app runs (a link followed before loads a new document, which starts focus at its top).
  await expect(page.getByRole('button', { name: 'Register Business' })).toBeEnabled();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility' }).click();
  await expect(page).toHaveURL(/\/accessibility$/);
  // Opened from a link, the page starts focus at its heading.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Accessibility statement' }),
  ).toBeFocused();
  await expect(page).toHaveTitle('Accessibility statement · Test Agency');
  for (const heading of [
    'The standard we hold',
    'How we test',
    'Known limits',
    'Tell us what does not work',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  await expect(
    page.getByText(/Web Content Accessibility Guidelines \(WCAG\) 2\.2 at level AA/),
  ).toBeVisible();
  await expect(page.getByText(/Test Agency wants everyone/)).toBeVisible();
  await expect(page.getByText(/Stripe’s Payment Element/)).toBeVisible();
  await expect(
    page.getByText(/admin area, used by our own team, is in English only/),
  ).toBeVisible();
  await expect(
    page.getByRole('main').getByRole('link', { name: 'help@example.com' }),
  ).toHaveAttribute('href', 'mailto:help@example.com');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Test Agency' })).toHaveAttribute(
    'href',
    '/',
  );
  await expectNoSeriousA11yViolations(page);
});

test('the statement is served as a page of its own (200), in the sitemap', async ({
  page,
  request,
}) => {
  const response = await page.goto('/accessibility');
  expect(response!.status()).toBe(200);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Accessibility statement' }),
  ).toBeVisible();
  // Loaded directly, the browser keeps its own start: focus is not moved.
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  expect(await (await request.get('/sitemap.xml')).text()).toContain('/accessibility</loc>');
  expect((await page.goto('/accessibility/more'))!.status()).toBe(404);
});
