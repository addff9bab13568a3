import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';
import { signIn, useAddress } from './helpers';

// The public pages come rendered from the server (docs/decisions/016) and hydrate without a change.
test.beforeEach(async ({ page }) => useAddress(page, '10.90.0.1'));

test('the landing page, a checkout and the 404 page are complete HTML before any script runs', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The plans and the portfolio come from the database, in the first HTML.
  await expect(page.getByRole('heading', { name: 'Growing' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Our Client Websites' }).getByRole('listitem').first(),
  ).toBeVisible();
  // The form waits for React: submitting it before would only reload the page.
  await expect(page.getByRole('button', { name: 'Register Business' })).toBeDisabled();
  await page.goto('/checkout/growing');
  await expect(page.getByRole('heading', { name: 'Growing', level: 1 })).toBeVisible();
  const missing = await page.goto('/no-such-page');
  expect(missing!.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await context.close();
});

test('pages rendered at the same time keep each its own language and host', async ({ request }) => {
  // The site and the language are module state of the renderer: renders take turns (entry-server.tsx).
  const pages = [
    {
      url: '/accessibility?utm_source=a',
      host: 'one.example',
      lang: 'en',
      heading: 'Accessibility statement',
    },
    {
      url: '/es/accessibility?utm_source=a',
      host: 'two.example',
      lang: 'es',
      heading: 'Declaración de accesibilidad',
    },
    {
      url: '/checkout/essential?utm_source=a',
      host: 'three.example',
      lang: 'en',
      heading: 'Essential',
    },
    {
      url: '/es/checkout/essential?utm_source=a',
      host: 'four.example',
      lang: 'es',
      heading: 'Essential',
    },
  ];
  const answers = await Promise.all(
    pages.map((p) => request.get(p.url, { headers: { host: p.host } }).then((r) => r.text())),
  );
  answers.forEach((html, i) => {
    const { host, lang, heading } = pages[i]!;
    expect(html).toContain(`<html lang="${lang}"`);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${heading}`));
    expect(html).toContain(`href="http://${host}/`);
    for (const other of pages.filter((p) => p.host !== host))
      expect(html).not.toContain(other.host);
  });
});

test('hydrates without errors or layout shifts, and uses the rendered data without fetching it again', async ({
  page,
}) => {
  const problems: string[] = [];
  const onConsole = (message: ConsoleMessage) => {
    // The 404 page's own status and the billing page's 'not signed in' answer are expected.
    if (/^Failed to load resource/.test(message.text())) return;
    if (message.type() === 'error' || /hydrat/i.test(message.text())) problems.push(message.text());
  };
  page.on('console', onConsole);
  page.on('pageerror', (error) => problems.push(error.message));
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/(subscription-plans|portfolio)/.test(request.url())) fetched.push(request.url());
  });
  await watchLayoutShifts(page);
  // Pages whose content is all in the HTML do not move (CLS 0 as Lighthouse reports it, to three
  // decimals); the billing page and the payment confirmation show a spinner until the browser has
  // asked the server, then move very little.
  for (const [path, most] of [
    ['/', 0.0005],
    ['/checkout/growing', 0.0005],
    ['/no-such-page', 0.0005],
    ['/account', 0.01],
    ['/payment-success', 0.01],
  ] as const) {
    const { shifts, moved } = await layoutShiftsOf(page, path);
    expect(shifts, `layout shift on ${path}: ${moved.join(' | ')}`).toBeLessThanOrEqual(most);
  }
  await page.goto('/');
  await page.getByRole('link', { name: 'Register' }).first().click();
  await expect(page.getByLabel('Business Name')).toBeEditable();
  await expect(page.getByRole('button', { name: 'Register Business' })).toBeEnabled();
  expect(problems).toEqual([]);
  expect(fetched).toEqual([]);
});

/** Counts the page's layout shifts (none after input), from the first paint of every document it loads. */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number; moved: string[] };
    w.shifts = 0;
    w.moved = [];
    type Shift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: { node?: Node }[];
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        w.shifts += entry.value;
        for (const source of entry.sources)
          w.moved.push(
            (source.node as Element | undefined)?.outerHTML?.slice(0, 120) ?? 'a text node',
          );
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Loads `path` (hydrated, the network quiet) and answers its layout shifts (watchLayoutShifts). */
async function layoutShiftsOf(
  page: Page,
  path: string,
): Promise<{ shifts: number; moved: string[] }> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => {
    const w = window as unknown as { shifts: number; moved: string[] };
    return { shifts: w.shifts, moved: w.moved };
  });
}

test('nothing moves when the scroll bar comes or goes (classic scroll bars, a desktop window)', async ({
  playwright,
}, testInfo) => {
  // Playwright hides scroll bars; Lighthouse's Chromium, and a desktop browser on Windows or Linux,
  // show them. A page whose height crosses the window's as it is laid out (a below-the-fold section
  // measured first by its estimate, then as it is) would move sideways by half the bar's width.
  const { executablePath, args } = testInfo.project.use.launchOptions ?? {};
  const browser = await playwright.chromium.launch({
    executablePath,
    args,
    ignoreDefaultArgs: ['--hide-scrollbars'],
  });
  try {
    const page = await browser.newPage({
      baseURL: testInfo.project.use.baseURL,
      viewport: { width: 1350, height: 940 },
    });
    await useAddress(page, '10.90.0.2');
    await watchLayoutShifts(page);
    for (const path of [
      '/',
      '/checkout/growing',
      '/es/checkout/essential',
      '/no-such-page',
      '/accessibility',
    ]) {
      const { shifts, moved } = await layoutShiftsOf(page, path);
      expect(shifts, `layout shift on ${path}: ${moved.join(' | ')}`).toBeLessThanOrEqual(0.0005);
    }
  } finally {
    await browser.close();
  }
});

/** Holds the app's script back until the returned function is called: the page is the server's HTML only. */
async function holdAppScript(page: Page): Promise<{ asked: () => number; release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = 0;
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    asked += 1;
    await released;
    await route.continue();
  });
  return { asked: () => asked, release };
}

test('the shield is drawn from the page itself: no image fetched, drawn at its size, named only where it is content', async ({
  page,
}) => {
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  for (const [path, name] of [
    ['/', 'Test Agency logo'],
    ['/es', 'Logotipo de Test Agency'],
  ] as const) {
    await page.goto(path);
    const logo = page.getByRole('main').getByRole('img', { name, exact: true });
    await expect(logo).toBeVisible();
    expect(await logo.boundingBox()).toMatchObject({ width: 56, height: 56 });
    // Each mark draws the shield's shapes from the page's symbol (a <use> that found nothing would be empty).
    const drawn = await page.locator('svg:has(> use)').evaluateAll((marks) =>
      marks.map((mark) => ({
        hidden: mark.getAttribute('aria-hidden'),
        shapes: (mark.querySelector('use') as SVGUseElement).getBBox().width > 0,
      })),
    );
    expect(drawn).toEqual([
      { hidden: 'true', shapes: true },
      { hidden: null, shapes: true },
    ]);
    await expect(page.getByRole('banner').getByRole('img')).toHaveCount(0);
  }
  expect(fetched.filter((p) => p === '/logo.svg')).toEqual([]);
  expect(fetched).toEqual(expect.arrayContaining(['/', '/es'])); // the pages themselves: the listener saw every request
});

test('a button clicked before the app runs is clicked again once it does; the script waits for the first paint', async ({
  page,
}) => {
  const script = await holdAppScript(page);
  await page.goto('/');
  await expect.poll(script.asked).toBe(1);
  expect(
    await page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length),
  ).toBe(1);
  // 'Employee Login' sends the browser to sign in: clicked now, it is held (twice: once is kept), not lost.
  await page.getByRole('button', { name: 'Employee Login' }).click();
  await page.getByRole('button', { name: 'Employee Login' }).click();
  await page.waitForTimeout(300);
  await expect(page).toHaveURL(/:\d+\/$/);
  const login = page.waitForRequest(
    (r) => new URL(r.url()).pathname === '/api/login' && r.isNavigationRequest(),
  );
  script.release();
  await login;
  await expect(page).toHaveURL(/\/login$/);
});

test('the language switch keeps the query before the app runs, and once it does', async ({
  page,
}) => {
  const script = await holdAppScript(page);
  await page.goto('/es/checkout/growing?ref=spec&utm_source=x');
  await expect.poll(script.asked).toBe(1);
  const english = page.getByRole('banner').getByRole('link', { name: 'English' });
  await expect(english).toHaveAttribute('href', /\/checkout\/growing\?ref=spec&utm_source=x$/);
  await english.click();
  await expect(page).toHaveURL(/:\d+\/checkout\/growing\?ref=spec&utm_source=x$/);
  // Hydrated, the app renders the same link (as a path: the loader's was the whole URL); a page
  // without a query keeps a link without one.
  script.release();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Español' })).toHaveAttribute(
    'href',
    '/es/checkout/growing?ref=spec&utm_source=x',
  );
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Register Business' })).toBeEnabled();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Español' })).toHaveAttribute(
    'href',
    '/es',
  );
});

test('a theme chosen before the app runs is applied once it does', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  const script = await holdAppScript(page);
  await page.goto('/');
  await expect.poll(script.asked).toBe(1);
  const toggle = page.getByRole('banner').getByRole('group', { name: 'Theme' });
  await toggle.getByRole('radio', { name: 'Dark' }).check();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', 'dark');
  script.release();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(toggle.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expect(toggle.getByRole('radio', { name: 'System' })).not.toBeChecked();
  // React has it: choosing again works as ever.
  await toggle.getByRole('radio', { name: 'Light' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test("'System' chosen before the app runs, over a remembered Light, is applied once it does", async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  const script = await holdAppScript(page);
  await page.reload();
  await expect.poll(script.asked).toBe(1);
  // The remembered theme is applied before the first paint; the toggle shows no choice until React runs.
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  const toggle = page.getByRole('banner').getByRole('group', { name: 'Theme' });
  await expect(toggle.getByRole('radio', { checked: true })).toHaveCount(0);
  await toggle.getByRole('radio', { name: 'System' }).check();
  script.release();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme');
  await expect(toggle.getByRole('radio', { name: 'System' })).toBeChecked();
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
});

test('a portfolio item added in settings is in the next rendered landing page', async ({
  page,
  request,
}) => {
  await signIn(page);
  const name = `Rendered Site ${Date.now()}`;
  const added = await page.request.post('/api/portfolio', {
    data: { websiteName: name, websiteUrl: 'https://rendered.example', description: 'Fresh' },
  });
  expect(added.status()).toBe(201);
  const html = await (await request.get('/')).text();
  expect(html).toContain(name);
  const { id } = (await added.json()) as { id: number };
  expect((await page.request.delete(`/api/portfolio/${id}`)).status()).toBe(204);
  expect(await (await request.get('/')).text()).not.toContain(name);
});

test('the public pages carry their own styles only; the admin area adds its sheet after them, before it shows', async ({
  page,
}) => {
  const sheets: string[] = [];
  page.on(
    'request',
    (request) =>
      request.resourceType() === 'stylesheet' && sheets.push(new URL(request.url()).pathname),
  );
  for (const path of ['/', '/es/checkout/growing', '/accessibility', '/no-such-page', '/login']) {
    await page.goto(path);
    await expect(page.locator('main, [role="main"]').first()).toBeVisible();
  }
  expect(sheets).toEqual([]);
  await signIn(page);
  // The page shows once its sheet is in, so its tables' rules (admin.css only) apply at once.
  await page.goto('/admin#apps');
  await expect(page.getByRole('heading', { name: 'Applications', level: 2 })).toBeVisible();
  expect(
    await page
      .locator('.data-table')
      .first()
      .evaluate((table) => getComputedStyle(table).containerType),
  ).toBe('inline-size');
  expect(sheets).toEqual([expect.stringMatching(/^\/assets\/admin-[\w-]+\.css$/)]);
  // After the page's own style, so that its rules (all of the site's) decide.
  expect(
    await page.evaluate(() =>
      [...document.head.querySelectorAll('style, link[rel="stylesheet"]')].map((e) => e.tagName),
    ),
  ).toEqual(['STYLE', 'LINK']);
});
