import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe-core in the page (evaluate is not subject to the page's CSP); fails on serious or critical. */
export async function expectNoSeriousA11yViolations(page: Page) {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe.run();
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
