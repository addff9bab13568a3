import fs from 'node:fs';
import { expect, test, type Page, type Request } from '@playwright/test';
import { collectPageErrors, expectNoSeriousA11yViolations, signIn, useAddress } from './helpers';

// The specs share one server and database. Discovery adds the bundled demo investors once, so
// it runs in one test only; the others compare the screen with what the API answers right then.
test.describe.configure({ mode: 'serial' });
test.beforeEach(async ({ page }) => useAddress(page, '10.77.0.6'));

const stamp = Date.now().toString(36);

// The directory is the admin area's main content, titled 'LinkedIn Investor Directory' (its h1).
const directory = (page: Page) => page.getByRole('main');
const cards = (page: Page) => directory(page).getByRole('article');
const cardNames = (page: Page) => cards(page).getByRole('heading', { level: 2 });
const card = (page: Page, name: string) =>
  directory(page).getByRole('article', { name, exact: true });
const loadMore = (page: Page) => page.getByRole('button', { name: 'Load More Investors' });
const exactText = (page: Page, text: string) => page.getByText(text, { exact: true });

/** The names the API lists for these filters, in the directory's order (asked with limit=50). */
function apiNames(page: Page, query = ''): Promise<string[]> {
  return page.evaluate(async (q) => {
    const response = await fetch(`/api/investors?limit=50${q ? `&${q}` : ''}`);
    return ((await response.json()) as { name: string }[]).map((i) => i.name);
  }, query);
}

/** The query of a list request the directory itself sent (not one of apiNames'). */
const listParams = (request: Request) => {
  const url = new URL(request.url());
  return url.pathname === '/api/investors' && url.searchParams.get('limit') !== '50'
    ? url.searchParams
    : null;
};

async function openDirectory(page: Page) {
  await signIn(page);
  await page.goto('/admin#investors');
  await expect(
    page.getByRole('heading', { name: 'LinkedIn Investor Directory', level: 1 }),
  ).toBeVisible();
}

test('shows the first 6 investors, loads more until a batch is short, and each card shows its facts', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const offsets: string[] = [];
  page.on('request', (request) => {
    const params = listParams(request);
    if (params) offsets.push(`${params.get('offset')}/${params.get('limit')}`);
  });
  await openDirectory(page);
  await expect(page.getByPlaceholder('Search by name, firm, or expertise...')).toBeVisible();
  await expect(
    page.getByText('from public Wikidata records or the demo list, never by scraping LinkedIn'),
  ).toBeVisible();
  const all = await apiNames(page);
  expect(all.length).toBeGreaterThanOrEqual(12);
  await expect(cardNames(page)).toHaveText(all.slice(0, 6));
  await expect(page.getByText('Showing 6 investors')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Each full batch keeps the button; the first short (or empty) one removes it.
  for (let loaded = 6; ;) {
    await loadMore(page).click();
    const next = Math.min(loaded + 6, all.length);
    await expect(cards(page)).toHaveCount(next);
    if (next - loaded < 6) break;
    loaded = next;
  }
  await expect(loadMore(page)).toBeHidden();
  await expect(cardNames(page)).toHaveText(all);
  expect(offsets).toEqual(
    Array.from({ length: Math.floor(all.length / 6) + 1 }, (_, i) => `${i * 6}/6`),
  );

  // A seeded investor with a profile, an e-mail, 7 companies and no photo.
  const avery = card(page, 'Avery Lang');
  for (const text of [
    'Principal',
    'Bluebonnet Capital (demo)',
    'Dallas, TX',
    '1,786 connections',
    'Network value: Medium',
    '$1M - $5M',
    '25 companies',
    '+3 more',
  ]) {
    await expect(avery.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(avery.getByRole('list', { name: 'Expertise' }).getByRole('listitem')).toHaveText([
    'B2B SaaS',
    'Government Tech',
    'Marketplaces',
  ]);
  await expect(
    avery.getByText('Sentinel Demo Security, Bright Path Demo, Quarry Demo, Gridlock Demo'),
  ).toBeVisible();
  await expect(avery.getByTestId('investor-photo-fallback')).toHaveText('AL');
  const profile = avery.getByRole('link', {
    name: 'LinkedIn profile of Avery Lang (opens in a new tab)',
  });
  await expect(profile).toHaveAttribute('href', 'https://linkedin.example/in/avery-lang-demo');
  await expect(profile).toHaveAttribute('target', '_blank');
  await expect(profile).toHaveAttribute('rel', /noopener/);
  await expect(avery.getByRole('link', { name: /^Contact/ })).toHaveAttribute(
    'href',
    'mailto:avery.lang@investor.example',
  );

  // A seeded investor with neither a profile nor an e-mail: both buttons say why they are off.
  const casey = card(page, 'Casey Castillo');
  await expect(casey.getByRole('button', { name: 'LinkedIn (Not Available)' })).toBeDisabled();
  await expect(casey.getByRole('button', { name: 'Contact' })).toBeDisabled();
  const contactWrapper = casey.getByRole('button', { name: 'Contact' }).locator('..');
  await expect(contactWrapper).toHaveAccessibleDescription(
    'No e-mail address on file for this investor',
  );
  // Focus scrolls the card into view; the tooltip stays open while the span has focus.
  await contactWrapper.focus();
  await expect(page.getByRole('tooltip')).toHaveText('No e-mail address on file for this investor');
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toBeHidden();
  // Dark mode from the start (switching live would catch the colours mid-transition).
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(cards(page)).toHaveCount(6);
  await expectNoSeriousA11yViolations(page);
  // On a phone the cards stack and the page keeps its width.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(errors).toEqual([]);
});

test('Auto-Discover adds the demo investors once, refreshes the list, and says when it fails', async ({
  page,
}) => {
  await openDirectory(page);
  const before = await apiNames(page);
  await expect(cardNames(page)).toHaveText(before.slice(0, 6));

  await page.getByRole('button', { name: 'Auto-Discover Investors' }).click();
  await expect(exactText(page, 'Investors Discovered!')).toBeVisible();
  await expect(exactText(page, 'Found 18 new investors with LinkedIn profiles')).toBeVisible();
  const after = await apiNames(page);
  expect(after).toHaveLength(before.length + 18);
  // The list was read again: discovered names now sort into the first batch.
  expect(after.slice(0, 6)).toContain('Blair Sandoval');
  await expect(cardNames(page)).toHaveText(after.slice(0, 6));
  await expect(loadMore(page)).toBeVisible();

  await page.getByRole('button', { name: 'Auto-Discover Investors' }).click();
  await expect(exactText(page, 'Found 0 new investors with LinkedIn profiles')).toBeVisible();
  expect(await apiNames(page)).toHaveLength(after.length);

  await page.route('**/api/discover-investors', (route) =>
    route.fulfill({ status: 502, json: { message: 'Wikidata did not answer in time.' } }),
  );
  await page.getByRole('button', { name: 'Auto-Discover Investors' }).click();
  await expect(exactText(page, 'Discovery Failed')).toBeVisible();
  await expect(exactText(page, 'Failed to discover investors. Please try again.')).toBeVisible();
  await expect(cardNames(page)).toHaveText(after.slice(0, 6));
});

test('filters: a stage clears the extra pages, the URL keeps them, search waits for a pause, no match says so', async ({
  page,
}) => {
  const sent: URLSearchParams[] = [];
  page.on('request', (request) => {
    const params = listParams(request);
    if (params) sent.push(params);
  });
  await openDirectory(page);
  await loadMore(page).click();
  await expect(cards(page)).toHaveCount(12);

  const seed = await apiNames(page, 'investmentStage=Seed');
  expect(seed.length).toBeGreaterThan(0);
  const stageRequest = page.waitForRequest((r) => listParams(r)?.get('investmentStage') === 'Seed');
  await page.getByLabel('Investment Stage').selectOption('Seed');
  expect(listParams(await stageRequest)?.get('offset')).toBe('0');
  await expect(cardNames(page)).toHaveText(seed.slice(0, 6));
  await expect(loadMore(page)).toBeVisible({ visible: seed.length >= 6 });
  await expect(page).toHaveURL(/\?invStage=Seed#investors$/);

  // The export carries the same filter.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const csv = fs.readFileSync(await (await downloading).path(), 'utf8');
  for (const name of seed) expect(csv).toContain(name);
  expect(csv).not.toContain('Avery Lang');

  // A reload opens the directory as it was left.
  await page.reload();
  await expect(page.getByLabel('Investment Stage')).toHaveValue('Seed');
  await expect(cardNames(page)).toHaveText(seed.slice(0, 6));
  const seedHealth = await apiNames(page, 'investmentStage=Seed&industry=Healthcare');
  await page.getByLabel('Industry Focus').selectOption('Healthcare');
  await expect(cardNames(page)).toHaveText(seedHealth.slice(0, 6));
  await expect(page).toHaveURL(/\?invStage=Seed&invIndustry=Healthcare#investors$/);

  // 'All Stages' and 'All Industries' send nothing.
  await page.getByLabel('Investment Stage').selectOption('All Stages');
  const unfiltered = page.waitForRequest((r) => listParams(r)?.has('industry') === false);
  await page.getByLabel('Industry Focus').selectOption('All Industries');
  expect([...listParams(await unfiltered)!.keys()].sort()).toEqual(['limit', 'offset']);
  await expect(cardNames(page)).toHaveText((await apiNames(page)).slice(0, 6));
  await expect(page).toHaveURL(/\/admin#investors$/);

  // Typing asks once, after the pause.
  sent.length = 0;
  await page.getByLabel('Search investors').pressSequentially('avery', { delay: 40 });
  await expect(cardNames(page)).toHaveText(['Avery Lang']);
  expect(sent.map((p) => p.get('search'))).toEqual(['avery']);
  await expect(page).toHaveURL(/\?invSearch=avery#investors$/);
  await expect(loadMore(page)).toBeHidden();

  await page.getByLabel('Search investors').fill(`no such investor ${stamp}`);
  await expect(exactText(page, 'No investors found')).toBeVisible();
  await expect(
    exactText(page, 'Try adjusting your search filters or browse all investors'),
  ).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('add an investor by hand, edit and delete them; import a CSV after a preview', async ({
  page,
  baseURL,
}) => {
  const name = `Test Investor ${stamp}`;
  await openDirectory(page);
  await page.getByRole('button', { name: 'Add investor' }).click();
  const form = page.getByRole('dialog', { name: 'Add investor' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await form.getByLabel('Title').fill('Partner');
  await form.getByLabel('Firm').fill('Spec Capital (demo)');
  await form.getByLabel('Location').fill('Austin, TX');
  const profileUrl = form.getByLabel('Profile URL');
  await profileUrl.fill('linkedin.example/in/no-scheme');
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: 'Add investor' }).click();
  await expect(
    form.getByText('Profile URL must be a web address starting with http:// or https://', {
      exact: true,
    }),
  ).toBeVisible();
  await expect(profileUrl).toHaveAttribute('aria-invalid', 'true');

  // A profile already in the directory is refused on that field.
  await profileUrl.fill('https://linkedin.example/in/avery-lang-demo');
  await form.getByRole('button', { name: 'Add investor' }).click();
  await expect(
    form.getByText('An investor with this profile URL is already in the directory.').first(),
  ).toBeVisible();

  await profileUrl.fill(`https://linkedin.example/in/test-investor-${stamp}`);
  await form.getByLabel('Email').fill(`test-${stamp}@investor.example`);
  await form.getByLabel('Photo URL').fill(`${baseURL}/no-such-photo-${stamp}.png`);
  await form.getByLabel('Connections').fill('2,500');
  await form.getByLabel('Network value').fill('High');
  await form
    .getByLabel('Expertise (comma-separated)')
    .fill('AI/ML, Payments, Logistics, Cybersecurity');
  await form
    .getByLabel('Portfolio companies (comma-separated)')
    .fill('One Demo, Two Demo, Three Demo, Four Demo, Five Demo');
  await form.getByLabel('Investment range').fill('$250K - $1M');
  await form.getByLabel('Portfolio size').fill('5');
  await form.getByRole('group', { name: 'Stages' }).getByLabel('Seed').check();
  await form.getByRole('group', { name: 'Industries' }).getByLabel('FinTech').check();
  await form.getByRole('button', { name: 'Add investor' }).click();
  await expect(exactText(page, 'Investor added')).toBeVisible();
  await expect(form).toBeHidden();

  await page.getByLabel('Search investors').fill(stamp);
  const added = card(page, name);
  await expect(cards(page)).toHaveCount(1);
  for (const text of [
    'Partner',
    '2,500 connections',
    'Network value: High',
    '+1 more',
    '5 companies',
    '$250K - $1M',
  ]) {
    await expect(added.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(added.getByRole('list', { name: 'Expertise' }).getByRole('listitem')).toHaveCount(3);
  // The photo address does not load: the initials take its place.
  await expect(added.getByTestId('investor-photo-fallback')).toHaveText(
    `T${stamp.charAt(0).toUpperCase()}`,
  );
  await expect(added.locator('img')).toHaveCount(0);
  expect(await apiNames(page, 'investmentStage=Seed&industry=FinTech')).toContain(name);

  await added.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${name}` });
  await expect(edit.getByLabel('Connections')).toHaveValue('2500');
  await expect(edit.getByRole('group', { name: 'Stages' }).getByLabel('Seed')).toBeChecked();
  await edit.getByLabel('Title').fill('Managing Partner');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(exactText(page, 'Investor updated')).toBeVisible();
  await expect(added.getByText('Managing Partner', { exact: true })).toBeVisible();

  // Deleting asks first; Cancel keeps the investor and gives focus back.
  const deleteButton = added.getByRole('button', { name: `Delete ${name}` });
  await deleteButton.click();
  const confirm = page.getByRole('dialog', { name: `Delete ${name}?` });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(deleteButton).toBeFocused();
  await deleteButton.click();
  await confirm.getByRole('button', { name: 'Delete investor' }).click();
  await expect(exactText(page, 'Investor deleted')).toBeVisible();
  await expect(exactText(page, 'No investors found')).toBeVisible();

  // CSV: the dry run names the bad line, stores nothing; the import stores the good row.
  const imported = `Imported Investor ${stamp}`;
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import investors from CSV' });
  const file = `name,firm,linkedin_url,stages\n${imported},Import Capital (demo),https://linkedin.example/in/imported-${stamp},Seed\n,Nameless Fund (demo),,\n`;
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'investors.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
  await expect(dialog.getByText('1 investor ready to import')).toBeVisible();
  await expect(dialog.getByRole('listitem').filter({ hasText: 'Line 3:' })).toHaveText(
    'Line 3: Name is required',
  );
  expect(await apiNames(page, `search=${stamp}`)).toEqual([]);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Import 1 investor' }).click();
  await expect(dialog.getByText('Imported: 1 added, 0 updated.')).toBeVisible();
  await expect(exactText(page, 'Investors imported')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(dialog).toBeHidden();
  await expect(card(page, imported).getByText('Import Capital (demo)')).toBeVisible();
});

test('skeletons while the first batch loads, then the load error; a failed Load More keeps the list', async ({
  page,
}) => {
  await signIn(page);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === '/api/investors',
    async (route) => {
      await held;
      await route.fulfill({
        status: 500,
        json: { message: 'The directory is unavailable right now.' },
      });
    },
  );
  await page.goto('/admin#investors');
  await expect(directory(page).locator('[aria-busy="true"]')).toBeVisible();
  await expect(page.getByText('Loading investors...')).toBeAttached();
  release();
  await expect(
    page.getByText('Error loading investors: The directory is unavailable right now.', {
      exact: true,
    }),
  ).toBeVisible();

  await page.unrouteAll({ behavior: 'wait' });
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(cards(page)).toHaveCount(6);

  await page.route(
    (url) => url.pathname === '/api/investors' && url.searchParams.get('offset') === '6',
    (route) => route.fulfill({ status: 503, body: 'Service Unavailable' }),
  );
  await loadMore(page).click();
  await expect(exactText(page, 'Failed to load more investors')).toBeVisible();
  await expect(cards(page)).toHaveCount(6);
  await expect(loadMore(page)).toBeEnabled();
});
