import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn, useAddress } from './helpers';

// The e2e server's places come from the seeded demo directory around San Antonio, TX.
const SAN_ANTONIO = { latitude: 29.4241, longitude: -98.4936 };

test.beforeEach(async ({ page }) => useAddress(page, '10.77.0.5'));

const form = (page: Page) => page.getByRole('search', { name: 'Business search' });
const results = (page: Page) => page.getByRole('region', { name: 'Search Results' });
const cards = (page: Page) => results(page).getByRole('article');
const countText = (page: Page) => results(page).getByText(/^\d+ business(es)? found$/);

async function search(page: Page, category: string, location = '') {
  await form(page).getByLabel('Business category').fill(category);
  await form(page).getByLabel('Location (city or ZIP, optional)').fill(location);
  await form(page).getByRole('button', { name: 'Search' }).click();
}

async function foundCount(page: Page): Promise<number> {
  await expect(countText(page)).toBeVisible();
  return Number((await countText(page).textContent())!.split(' ')[0]);
}

const names = (list: Locator) => list.getByRole('heading', { level: 3 }).allTextContents();

test('idle prompt, blank query, and a search for plumber with pages that survive a reload', async ({
  page,
}) => {
  await signIn(page);
  await expect(
    page.getByRole('heading', { name: 'Local Business Search', level: 1 }),
  ).toBeVisible();
  await expect(
    page.getByText('Enter a business category to start searching', { exact: true }),
  ).toBeVisible();
  for (const example of ['plumber', 'restaurant', 'dentist'])
    await expect(page.getByRole('button', { name: example, exact: true })).toBeVisible();
  const button = form(page).getByRole('button', { name: 'Search' });
  await expect(button).toBeDisabled();
  await form(page).getByLabel('Business category').fill('   ');
  await expect(button).toBeDisabled();
  await expect(form(page).getByLabel('Radius')).toHaveValue('30');
  expect(await form(page).getByLabel('Radius').locator('option').allTextContents()).toEqual([
    '5 miles',
    '10 miles',
    '20 miles',
    '30 miles',
    '50 miles',
  ]);
  await expectNoSeriousA11yViolations(page);

  // Geolocation is not granted here: the search runs from the default location, with no error shown.
  await search(page, 'plumber');
  await expect(results(page).getByRole('heading', { name: 'Search Results' })).toBeVisible();
  const total = await foundCount(page);
  expect(total).toBeGreaterThan(10);
  await expect(results(page).getByText('Within 30 miles of San Antonio, TX')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(cards(page)).toHaveCount(10);
  await expect(page).toHaveURL(/\/admin\?q=plumber&radius=30$/);

  // A card: directions link, stars with a text alternative, distance, no invented post counts.
  const first = cards(page).first();
  const address = first.getByRole('link', { name: /\(directions, opens in a new tab\)/ });
  await expect(address).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=.+%2C/,
  );
  await expect(address).toHaveAttribute('target', '_blank');
  await expect(first.getByText(/^\d+\.\d miles$/)).toBeVisible();
  await expect(
    results(page)
      .getByRole('img', { name: /^Rated \d(\.\d)? out of 5$/ })
      .first(),
  ).toBeVisible();
  await expect(results(page).locator('a[href^="tel:"]').first()).toBeVisible();
  await expect(results(page)).not.toContainText(/\b(likes?|comments?|shares?)\b/i);
  const miles = (
    await results(page)
      .getByText(/^\d+\.\d miles$/)
      .allTextContents()
  ).map((t) => Number.parseFloat(t));
  expect(miles).toEqual([...miles].sort((a, b) => a - b));
  await expectNoSeriousA11yViolations(page);

  // Pagination: page 2 shows other businesses and moves to the results heading; the URL keeps it.
  const pageOne = await names(cards(page));
  const pages = page.getByRole('navigation', { name: 'Search result pages' });
  await pages.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect(pages.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(results(page).getByRole('heading', { name: 'Search Results' })).toBeFocused();
  await expect(page).toHaveURL(/\?q=plumber&radius=30&page=2$/);
  const pageTwo = await names(cards(page));
  expect(pageTwo.length).toBe(Math.min(10, total - 10));
  expect(pageTwo.some((n) => pageOne.includes(n))).toBe(false);

  await page.reload();
  await expect(form(page).getByLabel('Business category')).toHaveValue('plumber');
  await expect(
    page
      .getByRole('navigation', { name: 'Search result pages' })
      .getByRole('button', { name: 'Page 2', exact: true }),
  ).toHaveAttribute('aria-current', 'page');
  expect(await names(cards(page))).toEqual(pageTwo);

  await page
    .getByRole('navigation', { name: 'Search result pages' })
    .getByRole('button', { name: 'Previous' })
    .click();
  await expect(page.getByRole('button', { name: 'Page 1', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  expect(await names(cards(page))).toEqual(pageOne);
  await expect(page).toHaveURL(/\?q=plumber&radius=30$/);

  // A new search starts again at page 1.
  await pages.getByRole('button', { name: 'Page 2', exact: true }).click();
  await form(page).getByLabel('Radius').selectOption('50');
  await form(page).getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\?q=plumber&radius=50$/);
  await expect(results(page).getByText('Within 50 miles of San Antonio, TX')).toBeVisible();
  expect(await foundCount(page)).toBeGreaterThanOrEqual(total);
});

test('a shared browser position centres the search; an example category fills the field', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation(SAN_ANTONIO);
  await signIn(page);
  const request = page.waitForRequest((r) => r.url().includes('/api/businesses/search?'));
  await page.getByRole('button', { name: 'dentist', exact: true }).click();
  await expect(form(page).getByLabel('Business category')).toHaveValue('dentist');
  const url = new URL((await request).url());
  expect(url.searchParams.get('lat')).toBe('29.4241');
  expect(url.searchParams.get('lng')).toBe('-98.4936');
  expect(await foundCount(page)).toBeGreaterThan(0);
  await expect(results(page).getByText('Within 30 miles of your location')).toBeVisible();
});

test('no results, a typed town, an unknown place and the CSV export', async ({ page }) => {
  await signIn(page);
  // Held answer: while the search runs, the button says so and cannot be pressed again.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/businesses/search?*', async (route) => (await held, route.continue()));
  await search(page, 'zzzz');
  await expect(form(page).getByRole('button', { name: 'Searching...' })).toBeDisabled();
  await expect(results(page).getByText('Searching...', { exact: true })).toBeVisible();
  release();
  await page.unrouteAll();
  await expect(
    results(page).getByText('No businesses found for "zzzz"', { exact: true }),
  ).toBeVisible();
  await expect(
    results(page).getByText('Try a different category or a larger radius.'),
  ).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Search result pages' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await search(page, 'plumber', 'New Braunfels');
  expect(await foundCount(page)).toBeGreaterThan(0);
  await expect(results(page).getByText('Within 30 miles of New Braunfels')).toBeVisible();
  await expect(page).toHaveURL(/\?q=plumber&radius=30&location=New\+Braunfels$/);
  const firstName = (await names(cards(page)))[0]!;

  const downloading = page.waitForEvent('download');
  await results(page).getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  expect(fs.readFileSync(await download.path(), 'utf8')).toContain(firstName);

  await search(page, 'plumber', 'Atlantis');
  await expect(page.getByRole('alert')).toHaveText(
    /^Error searching businesses: We could not find "Atlantis"\./,
  );
  await expectNoSeriousA11yViolations(page);
});

test('save a lead, follow it up in the leads list and delete it', async ({ page }) => {
  await signIn(page);
  // This spec follows the leads list from empty: other specs' leads go first.
  for (;;) {
    const { items } = (await (await page.request.get('/api/leads?page=1')).json()) as {
      items: { id: string }[];
    };
    if (items.length === 0) break;
    for (const { id } of items)
      expect((await page.request.delete(`/api/leads/${id}`)).status()).toBe(204);
  }
  await search(page, 'plumber');
  await expect(cards(page)).toHaveCount(10);
  // Results show leads saved before (other specs save some): take the first business not saved yet.
  const savable = await cards(page).evaluateAll((articles) =>
    articles.findIndex((a) =>
      [...a.querySelectorAll('button')].some((b) => b.textContent === 'Save lead'),
    ),
  );
  expect(savable).toBeGreaterThanOrEqual(0);
  const card = cards(page).nth(savable);
  const name = (await card.getByRole('heading', { level: 3 }).textContent())!;
  await card.getByRole('button', { name: 'Save lead' }).click();
  await expect(page.getByText('Lead saved', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Saved' })).toBeVisible();

  await page.getByRole('tab', { name: 'Leads' }).click();
  await expect(page).toHaveURL(/view=leads/);
  const lead = page.getByRole('list', { name: 'Saved leads' }).getByRole('article', { name });
  await expect(lead).toBeVisible();
  await expect(lead.getByLabel('Status')).toHaveValue('new');
  await expectNoSeriousA11yViolations(page);

  await lead.getByLabel('Status').selectOption('contacted');
  await expect(page.getByText('Status updated', { exact: true })).toBeVisible();
  await lead.getByLabel('Note').fill('Called on Monday; send the plans.');
  await lead.getByRole('button', { name: 'Save note' }).click();
  await expect(page.getByText('Note saved', { exact: true })).toBeVisible();

  // The tab, the status and the note survive a reload.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Leads' })).toHaveAttribute('aria-selected', 'true');
  await expect(lead.getByLabel('Status')).toHaveValue('contacted');
  await expect(lead.getByLabel('Note')).toHaveValue('Called on Monday; send the plans.');

  await page.getByLabel('Filter by status').selectOption('won');
  await expect(page.getByText('No leads with status Won', { exact: true })).toBeVisible();
  await page.getByLabel('Filter by status').selectOption('contacted');
  await expect(lead).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export leads CSV' }).click();
  const csv = fs.readFileSync(await (await downloading).path(), 'utf8');
  expect(csv).toContain(name);
  expect(csv).toContain('contacted');
  await page.getByLabel('Filter by status').selectOption('');

  await lead.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this lead?' });
  await expect(dialog).toContainText(name);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Delete lead' }).click();
  await expect(page.getByText('Lead deleted', { exact: true })).toBeVisible();
  await expect(lead).toHaveCount(0);
  await expect(page.getByText('No leads saved yet', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Saved leads' })).toBeFocused();
});
