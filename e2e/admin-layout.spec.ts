import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, registerAndPayViaApi, signIn, useAddress } from './helpers';

// The admin area as a work tool (issue 16 §1): a sidebar that stays, one h1 and a title per
// section, settings as pages of their own, and on a phone nothing cut off.
// Its own client addresses (the e2e server trusts X-Forwarded-For): 10.86.0.x signs in, 10.86.1.x registers.
const ADDRESS = '10.86.0.1';
const stamp = Date.now().toString(36);
const business = `Layout Spec Print Shop ${stamp}`;
const PHONE = { width: 390, height: 844 };

test.beforeEach(async ({ page }) => useAddress(page, ADDRESS));

/** The sections, their h1 and their document title ('{section} · Admin · {site}'). */
const SECTIONS = [
  { hash: 'search', h1: 'Local Business Search', title: 'Business Search · Admin · Test Agency' },
  { hash: 'apps', h1: 'Test Agency Applications', title: 'Applications · Admin · Test Agency' },
  {
    hash: 'investors',
    h1: 'LinkedIn Investor Directory',
    title: 'Investors · Admin · Test Agency',
  },
  { hash: 'clients', h1: 'Clients', title: 'Clients · Admin · Test Agency' },
];

/** Each settings page: its address, its name in the settings navigation and a heading of its own. */
const SETTINGS = [
  { page: 'applications', label: 'Applications', heading: 'Create New Application' },
  { page: 'portfolio', label: 'Portfolio', heading: 'Portfolio Management' },
  { page: 'plans', label: 'Plans', heading: 'Plans' },
  { page: 'employees', label: 'Employees', heading: 'Employees' },
  { page: 'security', label: 'Security', heading: 'Two-factor sign-in' },
  { page: 'availability', label: 'Availability', heading: 'Your availability for consultations' },
  { page: 'activity', label: 'Activity log', heading: 'Activity log' },
  { page: 'billing-clock', label: 'Billing test clock', heading: 'Billing test clock' },
];

const settingsNav = (page: Page) => page.getByRole('navigation', { name: 'Settings pages' });

/** Nothing scrolls the page sideways, and each of `cells` lies within the window's width. */
async function expectNothingCutOff(page: Page, what: string, cells: Locator[]) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${what}: the page scrolls sideways`).toBeLessThanOrEqual(innerWidth);
  for (const cell of cells) {
    await expect(cell, what).toBeVisible();
    await cell.scrollIntoViewIfNeeded();
    const box = (await cell.boundingBox())!;
    expect(box.x, `${what}: ${cell.toString()} starts off screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${what}: ${cell.toString()} ends off screen`).toBeLessThanOrEqual(
      innerWidth,
    );
  }
}

test('on a phone every admin screen and settings page keeps its tables and lists on screen', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // A paid client (it has a paid date and a subscription period) and a second employee (with buttons).
  await registerAndPayViaApi(page.context().request, {
    address: '10.86.1.1',
    plan: 'growing',
    businessName: business,
    email: `print-${stamp}@example.com`,
  });
  await page.setViewportSize(PHONE);
  await signIn(page);
  const added = await page.request.post('/api/employees', {
    data: {
      name: 'Lee Layout',
      email: `lee-${stamp}@example.com`,
      password: 'lee layout passphrase',
      role: 'staff',
    },
  });
  expect(added.status()).toBe(201);

  // Business search: a result card with its Save button; then the lead it makes, with its controls.
  await page.goto('/admin#search');
  await page.getByLabel('Business category').fill('plumber');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const result = page.getByRole('region', { name: 'Search Results' }).getByRole('article').first();
  const saveLead = result.getByRole('button', { name: 'Save lead' });
  await expectNothingCutOff(page, 'search results', [
    result.getByRole('heading', { level: 3 }),
    saveLead,
    result.getByRole('link', { name: /directions/ }),
  ]);
  await saveLead.click();
  await expect(result.getByRole('button', { name: 'Saved' })).toBeVisible();
  // The results' filters and their table view (cards on a phone, each cell labelled).
  await expectNothingCutOff(page, 'result filters', [
    page.getByLabel('Sort by'),
    page.getByLabel('Has social profiles'),
    page.getByRole('button', { name: 'Table' }),
  ]);
  await page.getByRole('button', { name: 'Table' }).click();
  const row = page.getByRole('table', { name: 'Search results' }).getByRole('row').nth(1);
  await expectNothingCutOff(page, 'results table', [
    row.getByRole('cell', { name: /^Distance/ }),
    row.getByRole('cell', { name: /^Lead/ }),
    row.getByRole('button', { name: /^(Save lead|Saved)$/ }),
    row.getByRole('button', { name: 'Do not contact' }),
  ]);
  await page.getByRole('tab', { name: 'Leads' }).click();
  const lead = page.getByRole('list', { name: 'Saved leads' }).getByRole('listitem').first();
  await expectNothingCutOff(page, 'leads', [
    lead.getByLabel('Status'),
    lead.getByLabel('Note'),
    lead.getByRole('button', { name: 'Delete' }),
    lead.getByLabel('Next follow-up'),
    lead.getByRole('button', { name: 'Contacted today' }),
    lead.getByRole('button', { name: 'Do not contact' }),
    page.getByLabel('Due today (and overdue)'),
    page.getByLabel('E-mail me my due leads each morning'),
  ]);
  // The board: one column under another, each card's move button on screen.
  await page.getByRole('tab', { name: 'Board' }).click();
  const card = page
    .getByRole('region', { name: /^New \(\d+\)$/ })
    .getByRole('listitem')
    .first();
  await expectNothingCutOff(page, 'board', [
    card,
    card.getByRole('button', { name: /^Move .* to Contacted$/ }),
  ]);
  await expectNoSeriousA11yViolations(page);

  // Applications: the revenue and the Visit and Settings buttons of every application.
  await page.goto('/admin#apps');
  const apps = page
    .getByRole('table', { name: 'Your Applications' })
    .getByRole('row')
    .filter({ hasText: '(demo)' });
  await expect(apps).toHaveCount(3);
  for (const row of await apps.all()) {
    await expectNothingCutOff(page, 'applications', [
      row.getByText(/^\$[\d,]+\.\d\d$/),
      row.getByRole('link', { name: /^Visit / }),
      row.getByRole('button', { name: /^Settings for / }),
    ]);
  }
  await expectNothingCutOff(page, 'revenue by source', [
    page.getByRole('table', { name: 'Revenue by source' }).getByRole('cell').last(),
  ]);
  await expectNoSeriousA11yViolations(page);

  // Investors: each card's profile and contact buttons.
  await page.goto('/admin#investors');
  const investor = page.getByRole('main').getByRole('article').first();
  const investorButton = (name: RegExp) => investor.locator('a, button').filter({ hasText: name });
  await expectNothingCutOff(page, 'investors', [
    investor.getByRole('heading', { level: 2 }),
    investorButton(/^LinkedIn/),
    investorButton(/^Contact/),
    investor.getByLabel('Relationship'),
  ]);

  // Clients: the payment status and the dates.
  await page.goto('/admin#clients');
  await page.getByLabel('Search clients').fill(business);
  const client = page
    .getByRole('table', { name: 'Clients' })
    .getByRole('row', { name: new RegExp(business) });
  await expect(page.getByRole('status').filter({ hasText: '1 client found' })).toBeVisible();
  await expectNothingCutOff(page, 'clients', [
    client.getByRole('button', { name: business }),
    client.getByText('Active', { exact: true }),
    client.getByRole('cell', { name: /^Registered [A-Z][a-z]{2} \d/ }),
    client.getByRole('cell', { name: /^Paid [A-Z][a-z]{2} \d/ }),
    client.getByRole('cell', { name: /^Subscription period [A-Z][a-z]{2} \d/ }),
  ]);
  await expectNoSeriousA11yViolations(page);

  // Every settings page, its navigation included.
  const cutOffChecks: Record<string, () => Locator[]> = {
    applications: () => {
      const item = page.getByRole('list', { name: 'Applications' }).getByRole('listitem').first();
      return [
        item.getByRole('button', { name: /^View Details/ }),
        page.getByRole('button', { name: 'Create Application' }),
      ];
    },
    portfolio: () => {
      const item = page
        .getByRole('list', { name: 'Client websites' })
        .getByRole('listitem')
        .first();
      return [
        item.getByRole('link', { name: /^Visit Site/ }),
        item.getByRole('button', { name: /^Edit/ }),
        item.getByRole('button', { name: /^Delete/ }),
      ];
    },
    plans: () => [page.locator('summary').filter({ hasText: 'Comprehensive' })],
    employees: () => {
      const item = page
        .getByRole('list', { name: 'Employees' })
        .getByRole('listitem')
        .filter({ hasText: `lee-${stamp}@example.com` });
      return [
        item.getByRole('button', { name: 'Make Lee Layout owner' }),
        item.getByRole('button', { name: 'Disable' }),
        item.getByRole('button', { name: 'Remove' }),
      ];
    },
    security: () => [page.getByRole('button', { name: /two-factor sign-in$/ })],
    activity: () => {
      const entry = page
        .getByRole('table', { name: /^Activity log/ })
        .getByRole('row')
        .filter({ hasText: 'owner@example.com' })
        .first();
      return [
        entry.getByRole('cell', { name: /^When / }),
        entry.getByRole('cell', { name: /^Who / }),
        entry.getByRole('cell', { name: /^Address / }),
      ];
    },
    availability: () => [
      page.getByLabel('Time zone'),
      page.getByRole('button', { name: 'Save availability' }),
    ],
    'billing-clock': () => [
      page.getByLabel('Days to advance'),
      page.getByRole('button', { name: 'Reset to real time' }),
    ],
  };
  for (const { page: id, label, heading } of SETTINGS) {
    await page.goto(`/settings/${id}`);
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    await expectNothingCutOff(page, `settings: ${label}`, [
      ...(await settingsNav(page).getByRole('link').all()),
      ...cutOffChecks[id]!(),
    ]);
  }
  await expectNoSeriousA11yViolations(page);
});

test('on a wide screen the sidebar stays in view however far the section scrolls, and moving between sections keeps the page', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await signIn(page);
  await page.goto('/admin#apps');
  await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(400);
  const sidebar = page.getByRole('navigation', { name: 'Admin sections' });
  await expect(sidebar.getByRole('link', { name: 'Business Search' })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeInViewport();

  // A sidebar link moves within the page (no reload) and the new section starts at its top.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await sidebar.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings\/applications$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(sidebar.getByRole('link', { name: 'Settings' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await settingsNav(page).getByRole('link', { name: 'Plans' }).click();
  await expect(page).toHaveURL(/\/settings\/plans$/);
  await expect(page.getByRole('heading', { name: 'Plans', exact: true })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/settings\/applications$/);
  await expect(page.getByRole('heading', { name: 'Create New Application' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

test('each section and settings page has one h1 and a title of its own; every settings page has its own address', async ({
  page,
}) => {
  await signIn(page);
  for (const { hash, h1, title } of SECTIONS) {
    await page.goto(`/admin#${hash}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page).toHaveTitle(title);
  }
  for (const { page: id, label, heading } of SETTINGS) {
    await page.goto(`/settings/${id}`);
    await expect(page.getByRole('heading', { name: heading, exact: true, level: 2 })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page).toHaveTitle(`${label} · Settings · Admin · Test Agency`);
    await expect(settingsNav(page).getByRole('link', { name: label, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(settingsNav(page).locator('[aria-current="page"]')).toHaveCount(1);
  }
  await expectNoSeriousA11yViolations(page);
});

test('the old settings links land on their page: /settings#portfolio, /admin#settings; a made-up page is the 404 page', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/settings#portfolio');
  await expect(page).toHaveURL(/\/settings\/portfolio$/);
  await expect(
    page.getByRole('heading', { name: 'Portfolio Management', level: 2 }),
  ).toBeInViewport();
  await expect(page).toHaveTitle('Portfolio · Settings · Admin · Test Agency');
  await page.goto('/settings#employees');
  await expect(page).toHaveURL(/\/settings\/employees$/);
  await expect(page.getByRole('button', { name: 'Add employee' })).toBeVisible();
  await page.goto('/admin#settings');
  await expect(page).toHaveURL(/\/settings\/applications$/);
  await expect(page.getByRole('heading', { name: 'Create New Application' })).toBeVisible();

  const missing = await page.goto('/settings/no-such-page');
  expect(missing!.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
});

/** Presses Tab (a few times at most) until `target` has the focus. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 10 && !(await target.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
}

test('on a phone the menu works from the keyboard: open, move, choose, Escape, focus back on the button', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await signIn(page);
  const menu = page.getByRole('button', { name: 'Open menu' });
  await tabTo(page, menu);
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Test Agency' });
  await expect(drawer).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(menu).toBeFocused();

  // Space opens it too; Tab moves through its links to Clients, Enter follows the link.
  await page.keyboard.press('Space');
  await expect(drawer).toBeVisible();
  const clients = drawer.getByRole('link', { name: 'Clients', exact: true });
  await tabTo(page, clients);
  await page.keyboard.press('Enter');
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/\/admin#clients$/);
  await expect(page.getByRole('heading', { name: 'Clients', level: 1 })).toBeVisible();
  await expect(menu).toBeFocused();

  // Into Settings, then its own navigation by keyboard.
  await page.keyboard.press('Enter');
  const settings = drawer.getByRole('link', { name: 'Settings' });
  await tabTo(page, settings);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings\/applications$/);
  const portfolio = settingsNav(page).getByRole('link', { name: 'Portfolio' });
  await tabTo(page, portfolio);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings\/portfolio$/);
  await expect(page.getByRole('heading', { name: 'Portfolio Management' })).toBeVisible();
  await expect(portfolio).toHaveAttribute('aria-current', 'page');
  await expect(portfolio).toBeFocused();
  await expectNoSeriousA11yViolations(page);
});
