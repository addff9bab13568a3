import { expect, test, type Page } from '@playwright/test';
import type { BusinessResult } from '../src/contract/businesses/businesses';
import { DATED_HOMEPAGE, startFakeSite, TIDY_HOMEPAGE } from '../src/server/test/fake-websites';
import { expectNoSeriousA11yViolations, signIn, useAddress } from './helpers';

// Fake business websites on 127.0.0.1, which the e2e server may reach only because its config sets
// the test-only WEBSITE_FETCH_ALLOW_LOOPBACK (playwright.config.ts); the search answers are the
// demo directory's shape, pointed at them, so the server checks real (local) sites.
type Site = Awaited<ReturnType<typeof startFakeSite>>;
let sites: { dated: Site; tidy: Site; blocked: Site };

test.beforeAll(async () => {
  sites = {
    dated: await startFakeSite({ html: DATED_HOMEPAGE }),
    tidy: await startFakeSite({ html: TIDY_HOMEPAGE }),
    blocked: await startFakeSite({ robots: 'User-agent: *\nDisallow: /' }),
  };
});
test.afterAll(async () => {
  await Promise.all(Object.values(sites).map((s) => s.close()));
});

const business = (
  sourceId: string,
  name: string,
  website: string | null,
  distance: number,
): BusinessResult => ({
  id: `directory:${sourceId}`,
  provider: 'directory',
  sourceId,
  name,
  address: `${distance * 100} Main St, San Antonio, TX`,
  rating: '4.0',
  reviewCount: 12,
  distance,
  website,
  phone: null,
  socialMedia: [],
  socialProfiles: [],
  recentPosts: [],
  lat: 29.42,
  lng: -98.49,
  lead: null,
});

async function searchFakeBusinesses(page: Page, address: string) {
  const run = Date.now().toString(36);
  const results = [
    business(`e2e-dated-${run}`, 'Dated Diner', sites.dated.url, 1.2),
    business(`e2e-tidy-${run}`, 'Tidy Plumbing', sites.tidy.url, 2.5),
    business(`e2e-blocked-${run}`, 'Private Bakery', sites.blocked.url, 3.1),
    business(`e2e-internal-${run}`, 'Intranet Outfitters', 'http://10.0.0.1/', 4.0),
    business(`e2e-none-${run}`, 'No Site Barbers', null, 5.0),
  ];
  await page.route('**/api/businesses/search?*', (route) => route.fulfill({ json: results }));
  await useAddress(page, address);
  await signIn(page);
  await page
    .getByRole('search', { name: 'Business search' })
    .getByLabel('Business category')
    .fill('diner');
  await page
    .getByRole('search', { name: 'Business search' })
    .getByRole('button', { name: 'Search' })
    .click();
  await expect(page.getByText('5 businesses found')).toBeVisible();
}

const card = (page: Page, name: string) => page.getByRole('article', { name });

test('check one website from its card, see the score and sales angles, and find them again after a reload', async ({
  page,
}) => {
  await searchFakeBusinesses(page, '10.92.0.1');
  const diner = card(page, 'Dated Diner');
  await expect(
    card(page, 'No Site Barbers').getByRole('button', { name: 'Check website' }),
  ).toHaveCount(0);

  // By keyboard: the button names its business through aria-describedby.
  const check = diner.getByRole('button', { name: 'Check website' });
  await expect(check).toHaveAccessibleDescription('Dated Diner');
  await check.focus();
  await page.keyboard.press('Enter');
  await expect(diner.getByText(/^Website score \d+ out of 100$/)).toBeVisible();
  await expect(diner.getByText(/^Checked /)).toBeVisible();
  const angles = diner.getByRole('list', { name: 'Sales angles' });
  await expect(
    angles.getByText('No HTTPS: browsers warn visitors that the site is not secure.'),
  ).toBeVisible();
  await expect(
    angles.getByText('Not built for phones: most visitors see a tiny desktop page.'),
  ).toBeVisible();
  await expect(angles.getByText(/^and \d+ more in the report$/)).toBeVisible();
  await expect(diner.getByRole('button', { name: 'Check again' })).toBeVisible();
  expect(sites.dated.paths).toEqual(['/robots.txt', '/']);
  await expectNoSeriousA11yViolations(page);

  // The check is kept: a new visit shows it without checking again.
  await page.reload();
  await expect(page.getByText('5 businesses found')).toBeVisible();
  await expect(card(page, 'Dated Diner').getByText(/^Website score \d+ out of 100$/)).toBeVisible();
  expect(sites.dated.paths).toHaveLength(2);
  // 'Check again' reads the site again and keeps the newer check.
  await card(page, 'Dated Diner').getByRole('button', { name: 'Check again' }).click();
  await expect(
    card(page, 'Dated Diner').getByRole('button', { name: 'Check again' }),
  ).toBeVisible();
  await expect.poll(() => sites.dated.paths.length).toBe(4);
  await expect(card(page, 'Dated Diner').getByText(/^Website score \d+ out of 100$/)).toBeVisible();

  // An address on a private network is refused, and the card says so.
  const internal = card(page, 'Intranet Outfitters');
  await internal.getByRole('button', { name: 'Check website' }).click();
  await expect(internal.getByRole('alert')).toHaveText(
    'This website address points to a private network and was not fetched.',
  );
});

test('check all websites on the page with progress, then print one report', async ({
  page,
  context,
}) => {
  await searchFakeBusinesses(page, '10.92.0.2');
  await page.getByRole('button', { name: 'Check all websites on this page' }).click();
  await expect(page.getByText(/^Checked 4 of 4/)).toBeVisible();
  await expect(
    page.getByText('Checked 4 of 4 (1 could not be checked: try those again one by one)'),
  ).toBeVisible();
  await expect(card(page, 'Tidy Plumbing').getByText('Website score 70 out of 100')).toBeVisible();
  await expect(
    card(page, 'Private Bakery').getByText(
      'Not checked: robots.txt asks us not to read this page.',
    ),
  ).toBeVisible();
  expect(sites.blocked.paths).toEqual(['/robots.txt']);

  const [report] = await Promise.all([
    context.waitForEvent('page'),
    card(page, 'Dated Diner')
      .getByRole('link', { name: /Printable report/ })
      .click(),
  ]);
  await expect(
    report.getByRole('heading', { level: 1, name: 'Website check for Dated Diner' }),
  ).toBeVisible();
  await expect(report.getByText('Test Agency', { exact: true })).toBeVisible();
  await expect(report.getByRole('heading', { name: /^Score: \d+ out of 100$/ })).toBeVisible();
  await expect(report.getByText('Copyright 2016: the site looks abandoned.')).toBeVisible();
  await expect(report).toHaveTitle('Website report for Dated Diner · Test Agency');
  await expectNoSeriousA11yViolations(report);
  await report.emulateMedia({ media: 'print' });
  await expect(report.getByRole('button', { name: 'Print report' })).toBeHidden();
  await expect(report.getByRole('navigation')).toHaveCount(0);
  // One page: the report fits an A4 sheet's printable height at 96 dpi (297 mm less margins ≈ 1017 px).
  await report.setViewportSize({ width: 700, height: 1000 });
  expect(await report.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(
    1017,
  );
});

test('at 390 px the check fits the card, and a signed-out report asks for sign-in', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await searchFakeBusinesses(page, '10.92.0.3');
  const tidy = card(page, 'Tidy Plumbing');
  await tidy.getByRole('button', { name: 'Check website' }).click();
  await expect(tidy.getByText('Website score 70 out of 100')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const href = await tidy.getByRole('link', { name: /Printable report/ }).getAttribute('href');
  const stranger = await browser.newPage();
  await stranger.goto(href!);
  await expect(stranger.getByRole('alert')).toHaveText('Please sign in to see this report.');
  await expect(stranger.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await stranger.close();
});
