import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe-core in the page (evaluate is not subject to the page's CSP); fails on serious or critical. */
export async function expectNoSeriousA11yViolations(page: Page) {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }> } }
    ).axe.run();
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  expect(violations, violations.join('\n')).toEqual([]);
}

/** Collects console errors and uncaught exceptions (a CSP violation shows up as a console error). */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

export async function fillRequiredRegistration(page: Page, plan = 'professional') {
  const form = page.getByRole('form', { name: 'Business registration' });
  await form.getByLabel('Business Name').fill('Demo Test Bakery');
  await form.getByLabel('Owner Name').fill('Pat Example');
  await form.getByLabel('Email').fill('pat@example.com');
  await form.getByLabel('Business Type').selectOption('Restaurant');
  await form.getByLabel('Subscription Plan').selectOption(plan);
  return form;
}

export const OWNER = { email: 'owner@example.com', password: 'e2e owner passphrase' };

/**
 * Makes this page's requests come from `address` (the server trusts X-Forwarded-For in the e2e
 * run), so each spec has its own per-address sign-in budget.
 */
export async function useAddress(page: Page, address: string) {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': address });
}

/** Signs in through the sign-in page and waits for the admin area. */
export async function signIn(page: Page, account: { email: string; password: string } = OWNER) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

/**
 * Holds the browser's next request to `pattern` until `release()` is called. The current page
 * stays on screen meanwhile, so a message shown just before a timed redirect (the 500 ms
 * 'Unauthorized' toast) can be checked without racing the redirect.
 */
export async function holdRequest(page: Page, pattern: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    pattern,
    async (route) => {
      await released;
      await route.continue();
    },
    { times: 1 },
  );
  return release;
}
