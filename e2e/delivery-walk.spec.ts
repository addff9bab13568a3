import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import {
  emailedLink,
  expectNoSeriousA11yViolations,
  invitation,
  registerAndPayViaApi,
  signIn,
  useAddress,
} from './helpers';

// Issue 29's acceptance, one client from payment to an approved design: New clients with the
// countdown → a project manager → the consultation booked from the e-mailed link, both e-mails
// with a valid .ics → rescheduled with the same UID → onboarding with a logo → the design sent for
// review → changes requested → re-sent → approved, and the client sees it done. Books the owner's
// time, so it runs with the specs that share state, one at a time (playwright.config.ts).
const ADDRESS = '10.135.0.1';
const OWNER_ADDRESS = '10.135.0.2';
const stamp = Date.now().toString(36);
const business = `Delivery Deli ${stamp}`;
const email = `delivery-${stamp}@example.com`;
const OWNER_EMAIL = 'owner@example.com';

test('from payment to an approved design, for one client', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await useAddress(page, OWNER_ADDRESS);
  await signIn(page);
  // The owner takes consultations every day, all day (UTC), so there are times whenever this runs.
  const open = await page.request.put('/api/consultations/availability', {
    headers: { 'x-forwarded-for': OWNER_ADDRESS },
    data: {
      timeZone: 'UTC',
      weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })),
      daysOff: [],
    },
  });
  expect(open.status()).toBe(200);

  await registerAndPayViaApi(page.context().request, {
    address: ADDRESS,
    plan: 'growing',
    businessName: business,
    email,
  });

  // New clients: the countdown, then the owner becomes the project manager.
  await page.goto('/admin#new-clients');
  const row = page
    .getByRole('table', { name: 'New clients waiting for contact' })
    .getByRole('row')
    .filter({ hasText: business });
  await expect(row).toContainText(/2[34] h \d+ min left|23 h/);
  await row
    .getByRole('combobox', { name: `Project manager for ${business}` })
    .selectOption({ label: 'Owner' });
  await expect(page.getByText(`Owner guides ${business}.`, { exact: true })).toBeVisible();

  // The client books from the e-mailed link: the receipt points at the booking section, and the
  // billing page's sign-in link opens it.
  const receipt = await emailedLink(
    browser,
    OWNER_ADDRESS,
    email,
    'client_receipt',
    /https?:\/\/\S+\/account#consultation/,
  );
  expect(receipt.pathname).toBe('/account');
  const asked = await page.request.post('/api/account/sign-in-link', {
    headers: { 'x-forwarded-for': ADDRESS },
    data: { email },
  });
  expect(asked.status()).toBe(200);
  const link = await emailedLink(
    browser,
    OWNER_ADDRESS,
    email,
    'client_billing_link',
    /https?:\/\/\S+\/account\?token=[A-Za-z0-9_-]+/,
  );
  const context = await browser.newContext({ timezoneId: 'America/Chicago' });
  const client = await context.newPage();
  await useAddress(client, ADDRESS);
  await client.goto(link.pathname + link.search);
  await client.getByRole('button', { name: 'Open my billing page' }).click();

  const booking = client.getByRole('region', { name: 'Book your consultation' });
  await expect(booking.getByText('Times in America/Chicago')).toBeVisible();
  await booking.getByLabel('Day').selectOption({ index: 4 });
  const time = booking.getByRole('group', { name: 'Time' }).getByRole('radio').nth(4);
  await time.check({ force: true });
  const startsAt = await time.inputValue();
  await booking.getByRole('button', { name: 'Book this time' }).click();
  const booked = client.getByRole('region', { name: 'Your consultation', exact: true });
  await expect(booked).toBeVisible();

  // Both sides' e-mails carry an invitation a calendar reads: the client's and the host's (the
  // project manager, the owner), for the same event.
  const forClient = await invitation(email, 1);
  const forHost = await invitation(OWNER_EMAIL, 1, business);
  expect(forClient).toMatchObject({ method: 'REQUEST', sequence: 0, start: startsAt });
  expect(forHost).toMatchObject({ method: 'REQUEST', uid: forClient.uid, start: startsAt });

  // Rescheduled: the same UID, the next SEQUENCE, the new time.
  await booked.getByRole('button', { name: 'Reschedule' }).click();
  const picker = client.getByRole('region', { name: 'Choose a new time' });
  await picker.getByLabel('Day').selectOption({ index: 5 });
  const later = picker.getByRole('group', { name: 'Time' }).getByRole('radio').nth(2);
  await later.check({ force: true });
  const movedTo = await later.inputValue();
  await picker.getByRole('button', { name: 'Move to this time' }).click();
  await expect(
    client.getByRole('region', { name: 'Your consultation', exact: true }),
  ).toBeVisible();
  const moved = await invitation(email, 2);
  expect(moved).toMatchObject({ uid: forClient.uid, sequence: 1, start: movedTo });

  // Onboarding, with a logo.
  const form = client.getByRole('form', { name: 'Tell us about your business' });
  await form.getByLabel('What your business does').fill('Sandwiches and soups since 1998.');
  await form.getByLabel('What should your website do for you?').fill('Catering orders online.');
  const logo = await sharp({
    create: { width: 240, height: 120, channels: 3, background: { r: 20, g: 90, b: 60 } },
  })
    .png()
    .toBuffer();
  await form
    .getByLabel('Logo')
    .setInputFiles({ name: 'deli.png', mimeType: 'image/png', buffer: logo });
  await expect(form.getByText('deli.png uploaded.')).toBeVisible();
  await expect(client.getByTestId('save-status')).toHaveText('Saved');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(client.getByTestId('onboarding-submitted')).toContainText(
    'Thank you! Your answers were sent on',
  );
  await expectNoSeriousA11yViolations(client);

  // The team sends the website design for review.
  const sendDesign = async (url: string) => {
    await page.goto('/admin#projects');
    await page.getByRole('button', { name: `Open the project of ${business}` }).click();
    const dialog = page.getByRole('dialog', { name: `Project of ${business}` });
    const design = dialog.locator('[data-milestone="design"]').first();
    await design.getByLabel('Deliverable (a link)').fill(url);
    await design.getByRole('button', { name: 'Send for review (Design)' }).click();
    await expect(design).toHaveAttribute('data-status', 'in_review');
    await page.keyboard.press('Escape');
  };
  await sendDesign('https://figma.example/deli-v1');

  // The client asks for changes; the team re-sends; the client approves.
  await client.reload();
  const design = client
    .getByRole('region', { name: 'Your project' })
    .locator('[data-milestone="design"]');
  await expect(design.getByText('Waiting for your review')).toBeVisible();
  await design.getByLabel('Comment').fill('Warmer colours, please');
  await design.getByRole('button', { name: 'Request changes' }).click();
  await expect(design.getByText('Changes requested')).toBeVisible();
  await sendDesign('https://figma.example/deli-v2');
  await client.reload();
  await expect(design.getByText('Waiting for your review')).toBeVisible();
  await design.getByRole('button', { name: 'Approve' }).click();
  await expect(design.getByText('Done', { exact: true })).toBeVisible();
  await client.reload();
  await expect(design).toContainText('Done');
  await context.close();

  // The record brings it together: the manager, the consultation, the answers and the timeline.
  await page.goto('/admin#clients');
  await page.getByLabel('Search clients').fill(business);
  await page.getByRole('button', { name: business }).click();
  const record = page.getByRole('dialog', { name: business });
  await expect(record.getByRole('heading', { name: 'Consultation' })).toBeVisible();
  await expect(record.getByText('Catering orders online.')).toBeVisible();
  const timeline = record.getByRole('region', { name: 'Timeline' });
  await expect(timeline).toContainText('Registered for the Growing plan');
  await expect(timeline).toContainText('Website · design approved by the client');
  await expectNoSeriousA11yViolations(page);
});
