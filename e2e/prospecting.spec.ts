import crypto from 'node:crypto';
import fs from 'node:fs';
import Papa from 'papaparse';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn, useAddress } from './helpers';

interface Result {
  id: string;
  provider: string;
  sourceId: string;
  name: string;
  website: string | null;
  phone: string | null;
}

// The e2e server runs in the default time zone (America/Chicago): its 'today'.
const dayInChicago = (offsetDays = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );

const results = (page: Page) => page.getByRole('region', { name: 'Search Results' });

async function searchFor(page: Page, category: string) {
  await page.getByLabel('Business category').fill(category);
  await page.getByLabel('Radius').selectOption('50');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(results(page).getByText(/^\d+ business(es)? found/)).toBeVisible();
}

async function apiResults(page: Page, category: string): Promise<Result[]> {
  const res = await page.request.get(`/api/businesses/search?category=${category}&radius=50`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Result[];
}

async function saveViaApi(
  page: Page,
  b: Pick<Result, 'provider' | 'sourceId' | 'name'> & Partial<Result>,
) {
  const res = await page.request.post('/api/leads', {
    data: {
      provider: b.provider,
      sourceId: b.sourceId,
      name: b.name,
      phone: b.phone ?? null,
      website: b.website ? `https://${b.website.replace(/^https?:\/\//, '')}` : null,
    },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()) as { id: string; name: string };
}

// Each test signs in from an address of its own in 10.91.x.x (5 sign-ins a minute per address).
test.beforeEach(async ({ page }) => {
  await useAddress(page, `10.91.${crypto.randomInt(2, 250)}.${crypto.randomInt(1, 250)}`);
  await signIn(page);
});

test('results show saved leads with their status, filter and sort, switch to a table kept in the URL, and export what is shown', async ({
  page,
}) => {
  const [first] = await apiResults(page, 'restaurant');
  const saved = await saveViaApi(page, first!);
  expect(
    (await page.request.patch(`/api/leads/${saved.id}`, { data: { status: 'contacted' } })).ok(),
  ).toBe(true);

  await searchFor(page, 'restaurant');
  const card = results(page).getByRole('article', { name: first!.name });
  await expect(card.getByText('Lead · Contacted')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Saved' })).toBeVisible();

  // Filters and sort: only businesses without a website (the demo directory is ours: 'No website'), by name.
  await page.getByLabel('Website').selectOption('none');
  await page.getByLabel('Sort by').selectOption('name');
  await expect(page).toHaveURL(/[?&]sort=name(&|$)/);
  await expect(page).toHaveURL(/[?&]website=none(&|$)/);
  await expect(results(page).getByText(/hidden by filters\)$/)).toBeVisible();
  const cards = results(page).getByRole('article');
  await expect(cards.first()).toBeVisible();
  for (const c of await cards.all())
    await expect(c.getByText('No website', { exact: true })).toBeVisible();
  const names = await cards.getByRole('heading', { level: 3 }).allTextContents();
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  await page.getByLabel('Has phone').check();
  await expect(page).toHaveURL(/hasPhone=1/);

  // The dense table, remembered in the URL with the filters.
  await page.getByRole('button', { name: 'Table' }).click();
  await expect(page.getByRole('button', { name: 'Table' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/layout=table/);
  await page.reload();
  const table = page.getByRole('table', { name: 'Search results' });
  await expect(table).toBeVisible();
  await expect(page.getByLabel('Website')).toHaveValue('none');
  await expect(page.getByLabel('Has phone')).toBeChecked();
  const rows = table.getByRole('row').filter({ has: page.getByRole('button') });
  await expect(rows.first()).toBeVisible();
  await expect(rows.first().getByRole('button', { name: /^(Save lead|Saved)$/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const downloading = page.waitForEvent('download');
  await results(page).getByRole('link', { name: 'Export CSV' }).click();
  const csv = Papa.parse<Record<string, string>>(
    fs.readFileSync(await (await downloading).path(), 'utf8').replace(/^\uFEFF/, ''),
    {
      header: true,
      skipEmptyLines: true,
    },
  ).data;
  expect(csv.length).toBeGreaterThan(0);
  expect(csv.every((r) => r.Website === '' && r.Phone !== '')).toBe(true);
  expect(csv.map((r) => r.Name)).toEqual(
    csv.map((r) => r.Name).sort((a, b) => a!.localeCompare(b!)),
  );

  // More filters: the screen shows what the server's own filtering finds.
  await page.getByLabel('Minimum rating').selectOption('4');
  await page.getByLabel('Website').selectOption('has');
  const expected = (await (
    await page.request.get(
      '/api/businesses/search?category=restaurant&radius=50&website=has&hasPhone=1&minRating=4',
    )
  ).json()) as Result[];
  if (expected.length === 0)
    await expect(
      results(page).getByText('No results match these filters', { exact: true }),
    ).toBeVisible();
  else
    await expect(
      results(page).getByText(
        `${expected.length} ${expected.length === 1 ? 'business' : 'businesses'} found (`,
      ),
    ).toBeVisible();
  await expect(page).toHaveURL(/minRating=4/);

  // 'Do not contact' straight from a result: it leaves the results, focus goes to their heading.
  await page.getByLabel('Website').selectOption('');
  await page.getByLabel('Minimum rating').selectOption('');
  await page.getByLabel('Has phone').uncheck();
  await page.getByRole('button', { name: 'Cards' }).click();
  const victim = results(page).getByRole('article').nth(1);
  const victimName = (await victim.getByRole('heading', { level: 3 }).textContent())!;
  await victim.getByRole('button', { name: 'Do not contact' }).click();
  await expect(page.getByText('Marked do not contact', { exact: true })).toBeVisible();
  await expect(results(page).getByRole('article', { name: victimName })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Search Results' })).toBeFocused();
  // In the leads list, marked, where it can be undone.
  await page.getByRole('tab', { name: 'Leads' }).click();
  const marked = page
    .getByRole('list', { name: 'Saved leads' })
    .getByRole('article', { name: victimName });
  await expect(marked.getByText('Do not contact', { exact: true })).toBeVisible();
  await marked.getByRole('button', { name: 'Allow contact again' }).click();
  await expect(page.getByText('Contact allowed again', { exact: true })).toBeVisible();
});

test('follow-up dates, the due leads, the morning e-mail setting and do-not-contact', async ({
  page,
}) => {
  const found = await apiResults(page, 'dentist');
  const target = found.find((b) => b.phone)!;
  const overdue = await saveViaApi(page, target);
  // Saved before (a repeated run)? Start it without dates.
  expect(
    (
      await page.request.patch(`/api/leads/${overdue.id}`, {
        data: { nextFollowUp: null, lastContacted: null },
      })
    ).ok(),
  ).toBe(true);
  const later = await saveViaApi(page, {
    provider: 'google',
    sourceId: `places/e2e-${Date.now()}`,
    name: `Follow Later ${Date.now()}`,
  });

  await page.goto('/admin?view=leads#search');
  const list = page.getByRole('list', { name: 'Saved leads' });
  const first = list.getByRole('article', { name: overdue.name });
  await first.getByLabel('Next follow-up').fill(dayInChicago(-2));
  await first.getByLabel('Next follow-up').press('Enter');
  await expect(page.getByText('Follow-up saved', { exact: true })).toBeVisible();
  await expect(first.getByText('Overdue', { exact: true })).toBeVisible();
  await first.getByRole('button', { name: 'Contacted today' }).click();
  await expect(first.getByLabel('Last contacted')).toHaveValue(dayInChicago());

  const second = list.getByRole('article', { name: later.name });
  await second.getByRole('button', { name: 'In a week' }).click();
  await expect(second.getByLabel('Next follow-up')).toHaveValue(dayInChicago(7));
  await expectNoSeriousA11yViolations(page);

  // Due today: the overdue lead is due, the one next week is not.
  await page.getByLabel('Due today (and overdue)').check();
  await expect(page).toHaveURL(/due=today/);
  await expect(first).toBeVisible();
  await expect(second).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel('Due today (and overdue)')).toBeChecked();
  await expect(list.getByRole('article', { name: overdue.name })).toBeVisible();

  // The morning e-mail: off until ticked, and it stays ticked.
  const digest = page.getByLabel('E-mail me my due leads each morning');
  await expect(digest).toBeEnabled();
  await expect(digest).not.toBeChecked();
  await digest.check();
  await expect(page.getByText('Morning e-mail on', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('E-mail me my due leads each morning')).toBeChecked();
  await page.getByLabel('E-mail me my due leads each morning').uncheck();
  await expect(page.getByText('Morning e-mail off', { exact: true })).toBeVisible();

  // Do not contact: the business leaves the search results (and comes back when allowed again).
  const lead = list.getByRole('article', { name: overdue.name });
  await lead.getByRole('button', { name: 'Do not contact' }).click();
  await expect(page.getByText('Marked do not contact', { exact: true })).toBeVisible();
  await expect(lead.getByText('Do not contact', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Search' }).click();
  await searchFor(page, 'dentist');
  await expect(results(page).getByText(/^\d+ business(es)? found/)).toBeVisible();
  expect(await apiResults(page, 'dentist')).not.toContainEqual(
    expect.objectContaining({ id: target.id }),
  );
  await page.getByRole('tab', { name: 'Leads' }).click();
  await list
    .getByRole('article', { name: overdue.name })
    .getByRole('button', { name: 'Allow contact again' })
    .click();
  await expect(page.getByText('Contact allowed again', { exact: true })).toBeVisible();
  expect(await apiResults(page, 'dentist')).toContainEqual(
    expect.objectContaining({ id: target.id }),
  );
});

test('the board moves a lead by dragging and by keyboard, announcing each move', async ({
  page,
}) => {
  const stamp = Date.now();
  const dragged = await saveViaApi(page, {
    provider: 'google',
    sourceId: `places/board-a-${stamp}`,
    name: `Board Drag ${stamp}`,
  });
  const keyed = await saveViaApi(page, {
    provider: 'google',
    sourceId: `places/board-b-${stamp}`,
    name: `Board Keys ${stamp}`,
  });

  await page.goto('/admin?view=board#search');
  await expect(page.getByRole('tab', { name: 'Board' })).toHaveAttribute('aria-selected', 'true');
  const column = (name: string) =>
    page.getByRole('region', { name: new RegExp(`^${name} \\(\\d+\\)$`) });
  const card = (name: string) => page.locator('[data-lead-card]').filter({ hasText: name });
  await expect(column('New').getByText(dragged.name)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Mouse: drag to Won.
  // The columns stand side by side: the newest card and the top of 'Won' are both on screen.
  await card(dragged.name).scrollIntoViewIfNeeded();
  const from = (await card(dragged.name).boundingBox())!;
  const to = (await column('Won').getByRole('heading').boundingBox())!;
  await page.mouse.move(from.x + 20, from.y + 10);
  await page.mouse.down();
  await page.mouse.move(from.x + 40, from.y + 20, { steps: 3 });
  await page.mouse.move(to.x + 20, to.y + to.height / 2, { steps: 10 });
  await page.mouse.up();
  await expect(column('Won').getByText(dragged.name)).toBeVisible();
  await expect(page.getByTestId('board-announcement')).toHaveText(`${dragged.name} moved to Won.`);

  // Keyboard: focus the card, arrow right to Contacted; focus stays on the moved card.
  await card(keyed.name).focus();
  await page.keyboard.press('ArrowRight');
  await expect(column('Contacted').getByText(keyed.name)).toBeVisible();
  await expect(card(keyed.name)).toBeFocused();
  await expect(page.getByTestId('board-announcement')).toHaveText(
    `${keyed.name} moved to Contacted.`,
  );
  await page.keyboard.press('ArrowLeft');
  await expect(column('New').getByText(keyed.name)).toBeVisible();
  await expect(card(keyed.name)).toBeFocused();
  await expect(page.getByTestId('board-announcement')).toHaveText(`${keyed.name} moved to New.`);
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('board-announcement')).toHaveText(
    `${keyed.name} is already in the first column.`,
  );
  // The move buttons do the same.
  await page.getByRole('button', { name: `Move ${keyed.name} to Contacted` }).click();
  await expect(column('Contacted').getByText(keyed.name)).toBeVisible();

  // Each move was saved on the server.
  await page.reload();
  await expect(column('Won').getByText(dragged.name)).toBeVisible();
  await expect(column('Contacted').getByText(keyed.name)).toBeVisible();
});
