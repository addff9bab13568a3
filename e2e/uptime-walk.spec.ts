import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  openBillingLink,
  outboxMails,
  registerAndPayViaApi,
  scrollToSupport,
  signIn,
  useAddress,
} from './helpers';

// Issue 30 §4 in the browser: the team watches a client's launched website (a fake site on this
// machine, WEBSITE_FETCH_ALLOW_LOOPBACK) from the client's record → it goes down → two checks later
// an urgent request has opened itself and the client was told → it comes back → the outage is on the
// record and on the client's billing page. Checks come due by the support clock (each step 5
// minutes); two instances claiming the same check once is support/uptime/uptime.test.ts's.
const ADDRESS = '10.137.0.1';
const OWNER_ADDRESS = '10.137.0.2';
const stamp = Date.now().toString(36);
const business = `Uptime Bakery ${stamp}`;
const email = `uptime-${stamp}@example.com`;

test('a client site goes down, an urgent request opens itself, it comes back, the outage is kept', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  let status = 200;
  const site = http.createServer((_request, response) => {
    response.writeHead(status, { 'content-type': 'text/html' }).end('<h1>Bakery</h1>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;

  await useAddress(page, OWNER_ADDRESS);
  await signIn(page);
  await registerAndPayViaApi(page.context().request, {
    address: ADDRESS,
    plan: 'growing',
    businessName: business,
    email,
  });
  const step = async () => {
    const moved = await page.request.post('/api/support/clock', {
      headers: { 'x-forwarded-for': OWNER_ADDRESS },
      data: { minutes: 5 },
    });
    expect(moved.status()).toBe(200);
  };

  // The client's record: 'Launched website'.
  await page.getByRole('link', { name: 'Clients', exact: true }).click();
  await page.getByLabel('Search clients').fill(business);
  await page
    .getByRole('table', { name: 'Clients' })
    .getByRole('button', { name: business })
    .click();
  const record = page.getByRole('dialog', { name: business });
  const watched = record.getByRole('region', { name: 'Launched website' });
  await watched.getByLabel('Launched website').fill(url);
  await watched.getByRole('button', { name: 'Watch this website' }).click();
  await expect(watched.getByRole('link', { name: url })).toBeVisible();
  await step();

  // Down on two checks in a row: one urgent request, and the client is told.
  status = 503;
  await step();
  await step();
  await expect
    .poll(async () => (await outboxMails(page, email, 'client_support_site_down')).length)
    .toBe(1);
  await page.goto('/admin#support');
  const row = page.getByRole('row').filter({ hasText: business });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Urgent');

  // Back up: the request closes itself and the outage is recorded with its length.
  status = 200;
  await step();
  await expect
    .poll(async () => (await outboxMails(page, email, 'client_support_site_up')).length)
    .toBe(1);
  await step();
  expect((await outboxMails(page, email, 'client_support_site_down')).length).toBe(1);

  const asked = await page.request.post('/api/account/sign-in-link', {
    headers: { 'x-forwarded-for': ADDRESS },
    data: { email },
  });
  expect(asked.status()).toBe(200);
  const { context, client, open } = await openBillingLink(browser, ADDRESS, email);
  await open.click();
  await scrollToSupport(client);
  const card = client.getByRole('region', { name: 'Your website' });
  await expect(card).toContainText(url);
  await expect(card).toContainText(/30-day uptime/);
  await expect(card).toContainText(/10 minutes/);
  await expectNoSeriousA11yViolations(client);
  await context.close();
  await new Promise((resolve) => site.close(resolve));
});
