import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn, useAddress } from './helpers';

// Issue 16 §3: each investor card keeps the agency's relationship with them (its own address range).
test.beforeEach(async ({ page }) => {
  await useAddress(page, `10.91.1.${crypto.randomInt(1, 250)}`);
  await signIn(page);
});

const localDay = (offsetDays = 0) =>
  new Intl.DateTimeFormat('en-CA').format(new Date(Date.now() + offsetDays * 86_400_000));

test('an investor gets a relationship status, notes, an introducer and a next follow-up that stay after a reload', async ({
  page,
}) => {
  const name = `Pipeline Person ${Date.now()}`;
  const created = await page.request.post('/api/investors', {
    data: { name, firm: 'Demo Pipeline Capital' },
  });
  expect(created.status()).toBe(201);

  await page.goto('/admin#investors');
  await page.getByPlaceholder('Search by name, firm, or expertise...').fill(name);
  const card = page.getByRole('article', { name });
  await expect(card).toBeVisible();
  await expect(card.getByLabel('Relationship')).toHaveValue('not_contacted');
  await card.getByLabel('Relationship').selectOption('intro_requested');
  await expect(page.getByText('Relationship updated', { exact: true })).toBeVisible();

  await card.getByText('Notes and follow-up').click();
  await card.getByLabel('Notes').fill('Met at the veterans meetup; wants the pitch deck.');
  await card.getByLabel('Who can introduce us').fill('Jordan (demo advisor)');
  await card.getByRole('button', { name: 'Save notes' }).click();
  await expect(page.getByText('Notes saved', { exact: true })).toBeVisible();
  // The same follow-up component as leads (no last-contacted date here).
  await card.getByRole('button', { name: 'Tomorrow' }).click();
  await expect(card.getByLabel('Next follow-up')).toHaveValue(localDay(1));
  await expect(card.getByLabel('Last contacted')).toHaveCount(0);
  await card.getByLabel('Next follow-up').fill(localDay(-1));
  await card.getByLabel('Next follow-up').press('Enter');
  await expect(card.getByText('(overdue)')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.reload();
  const again = page.getByRole('article', { name });
  await expect(again.getByLabel('Relationship')).toHaveValue('intro_requested');
  await again.getByText('Notes and follow-up').click();
  await expect(again.getByLabel('Notes')).toHaveValue(
    'Met at the veterans meetup; wants the pitch deck.',
  );
  await expect(again.getByLabel('Who can introduce us')).toHaveValue('Jordan (demo advisor)');
  await expect(again.getByLabel('Next follow-up')).toHaveValue(localDay(-1));

  // A date that does not exist is refused on the page before anything is sent.
  await again.getByLabel('Next follow-up').fill('1999-01-01');
  await again.getByLabel('Next follow-up').press('Enter');
  await expect(again.getByText('Enter a date like 2026-11-25.')).toBeVisible();
});
