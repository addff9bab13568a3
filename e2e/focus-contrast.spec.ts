import { expect, test, type Locator, type Page } from '@playwright/test';
import { settingsPath, type SettingsPage } from '../src/contract/site/routes';
import { tabThroughPage, type FocusIndicator } from './contrast';
import { signIn, useAddress } from './helpers';

// WCAG 2.2 AA: the focus indicator keeps at least 3:1 against the surface around it (1.4.11), on
// every surface of every screen, in the light and the dark theme. Each screen is tabbed through
// from top to bottom and round again.

const ADDRESS = '10.84.0.1';

function problems(seen: FocusIndicator[]): string[] {
  return seen
    .filter((s) => s.outlineStyle === 'none' || s.outlineWidth < 2 || s.ratio < 3)
    .map(
      (s) =>
        `${s.element}: ${s.outlineStyle} ${s.outlineWidth}px, ${s.ratio.toFixed(2)}:1 (rgb ${s.indicator} on rgb ${s.surface})`,
    );
}

async function expectVisibleFocusEverywhere(
  page: Page,
  screen: string,
  mustVisit: RegExp[] = [],
): Promise<FocusIndicator[]> {
  const seen = await tabThroughPage(page);
  for (const element of mustVisit)
    expect(
      seen.map((s) => s.element).some((e) => element.test(e)),
      `${screen}: Tab never reached ${element}`,
    ).toBe(true);
  const found = problems(seen);
  expect(found, `${screen}:\n${found.join('\n')}`).toEqual([]);
  return seen;
}

async function registrationId(page: Page): Promise<string> {
  const res = await page.request.post('/api/business-registration', {
    headers: { 'x-forwarded-for': ADDRESS },
    data: {
      businessName: `Focus Test ${Date.now()}`,
      ownerName: 'Ida Example',
      email: `focus-${Date.now()}@example.com`,
      businessType: 'Retail Store',
      subscriptionPlan: 'growing',
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`focus indicator, ${colorScheme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await useAddress(page, ADDRESS);
      await page.emulateMedia({ colorScheme });
    });

    test('public pages: landing (hero, plans, footer), checkout, 404, accessibility statement, sign-in', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.goto('/');
      await expect(page.getByRole('group', { name: 'Growing' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Our Client Websites' })).toBeVisible();
      const landing = await expectVisibleFocusEverywhere(page, 'landing', [
        /See the plans/,
        /Register your business/,
        /Accessibility/,
        /help@example\.com/,
        /"system"/,
      ]);
      const hero = landing.find((s) => /See the plans/.test(s.element))!;
      const footer = landing.find((s) => /help@example\.com/.test(s.element))!;
      test.info().annotations.push({
        type: 'focus contrast',
        description: `${colorScheme}: hero button ${hero.ratio.toFixed(2)}:1, footer link ${footer.ratio.toFixed(2)}:1`,
      });

      await page.goto(`/checkout/growing?registration=${await registrationId(page)}`);
      await expect(page.getByLabel('Card number')).toBeVisible();
      await expectVisibleFocusEverywhere(page, 'checkout', [
        /Card number|#cardNumber/,
        /Pay \$299\.00/,
        /Copy link/,
      ]);

      await page.goto('/no/such/page');
      await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
      await expectVisibleFocusEverywhere(page, '404', [/Back to Home/]);

      await page.goto('/accessibility');
      await expect(page.getByRole('heading', { name: 'Accessibility statement' })).toBeVisible();
      await expectVisibleFocusEverywhere(page, 'accessibility statement', [/help@example\.com/]);

      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Employee sign-in' })).toBeVisible();
      await expectVisibleFocusEverywhere(page, 'sign-in', [/#email/, /Sign in/]);
    });

    test('admin screens', async ({ page }) => {
      test.setTimeout(180_000);
      await signIn(page);
      const screens: [string, (p: Page) => Promise<void>][] = [
        [
          'search',
          (p) => expect(p.getByRole('heading', { name: 'Local Business Search' })).toBeVisible(),
        ],
        [
          'apps',
          (p) => expect(p.getByRole('heading', { name: 'Your Applications' })).toBeVisible(),
        ],
        [
          'investors',
          (p) => expect(p.getByRole('button', { name: 'Auto-Discover Investors' })).toBeVisible(),
        ],
        ['clients', (p) => expect(p.getByRole('table')).toBeVisible()],
      ];
      for (const [section, loaded] of screens) {
        await page.goto(`/admin#${section}`);
        await loaded(page);
        await expectVisibleFocusEverywhere(page, `admin ${section}`, [/Sign out/, /"system"/]);
      }
    });

    test('admin settings pages', async ({ page }) => {
      // Seven pages, each tabbed round, on a busy two-core machine.
      test.setTimeout(360_000);
      await signIn(page);
      // Each settings page: a heading of its own, what shows it has loaded, and controls Tab must reach on it.
      const pages: [SettingsPage, string, (p: Page) => Locator, RegExp[]][] = [
        [
          'applications',
          'Create New Application',
          (p) => p.getByRole('button', { name: 'Create Application' }),
          [/Create Application/],
        ],
        [
          'portfolio',
          'Portfolio Management',
          (p) => p.getByRole('list', { name: 'Client websites' }),
          [/Add Portfolio Item/],
        ],
        // Each plan's form opens from its summary.
        [
          'plans',
          'Plans',
          (p) => p.locator('summary').filter({ hasText: 'Growing' }),
          [/^summary "Growing/],
        ],
        [
          'employees',
          'Employees',
          (p) => p.getByRole('button', { name: 'Add employee' }),
          [/Add employee/],
        ],
        [
          'security',
          'Two-factor sign-in',
          (p) => p.getByRole('button', { name: 'Turn on two-factor sign-in' }),
          [/Turn on two-factor sign-in/],
        ],
        ['activity', 'Activity log', (p) => p.getByRole('table', { name: /^Activity log/ }), []],
        [
          'billing-clock',
          'Billing test clock',
          (p) => p.getByRole('button', { name: 'Reset to real time' }),
          [/Reset to real time/],
        ],
      ];
      for (const [id, heading, ready, controls] of pages) {
        await page.goto(settingsPath(id));
        await expect(
          page.getByRole('heading', { level: 2, name: heading, exact: true }),
        ).toBeVisible();
        await expect(ready(page)).toBeVisible();
        await expectVisibleFocusEverywhere(page, `settings ${id}`, [
          /Sign out/,
          /"system"/,
          /^a "Applications"/,
          /^a "Billing test clock"/,
          ...controls,
        ]);
      }
    });
  });
}
