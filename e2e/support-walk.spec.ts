import { expect, test, type Page } from '@playwright/test';
import {
  chatPosts,
  expectNoSeriousA11yViolations,
  inboundMail,
  mailbox,
  openBillingLink,
  outboxMails,
  registerAndPayViaApi,
  scrollToSupport,
  signIn,
  useAddress,
} from './helpers';

// Issue 30's acceptance: the client opens an urgent request from /account → the on-call employee
// is told (outbox and the chat fake) → nobody acknowledges → the owners are told after 15 minutes
// (test mode's support clock) → an employee replies → the client's e-mail reply (through the
// Postmark fake) lands in the thread → closed → the client reopens it by replying. Sets the on-call
// rotation and moves the support clock, so it runs with the specs that share state.
const ADDRESS = '10.136.0.1';
const OWNER_ADDRESS = '10.136.0.2';
const stamp = Date.now().toString(36);
const business = `Support Salon ${stamp}`;
const email = `support-${stamp}@example.com`;
const OWNER_EMAIL = 'owner@example.com';
const TEAM_EMAIL = 'help@example.com';

/** Whether an e-mail of `kind` to `to` names request #`number`. */
const told = async (page: Page, to: string, kind: string, number: string) =>
  (await outboxMails(page, to, kind)).some((m) => m.text.includes(`#${number}`));

test('an urgent request: on call, escalated, answered, replied to by e-mail, closed, reopened', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await useAddress(page, OWNER_ADDRESS);
  await signIn(page);

  // Settings → On call: the owner takes this week.
  await page.goto('/settings/on-call');
  await page.getByLabel('Add an employee').selectOption({ label: 'Owner' });
  await page.getByRole('button', { name: 'Add to the rotation' }).click();
  await page.getByRole('button', { name: 'Save rotation' }).click();
  await expect(page.getByRole('region', { name: 'Who is on call' })).toContainText('Owner');

  await registerAndPayViaApi(page.context().request, {
    address: ADDRESS,
    plan: 'growing',
    businessName: business,
    email,
  });
  const asked = await page.request.post('/api/account/sign-in-link', {
    headers: { 'x-forwarded-for': ADDRESS },
    data: { email },
  });
  expect(asked.status()).toBe(200);
  const { context, client, open } = await openBillingLink(browser, ADDRESS, email);
  await open.click();

  // 'Get help': an urgent request, from the keyboard's first field to the announcement.
  // 'Get help' loads when scrolled near (it is at the bottom of the page).
  await scrollToSupport(client);
  await client.getByRole('button', { name: 'Get help' }).click();
  const dialog = client.getByRole('dialog', { name: 'Get help' });
  await expect(dialog.getByLabel('A change to my website')).toBeFocused();
  await dialog.getByLabel('Something is broken').check();
  await dialog.getByLabel('My website is down').check();
  await dialog.getByLabel('Description').fill('The site shows an error page\nSince this morning.');
  await expectNoSeriousA11yViolations(client);
  await dialog.getByRole('button', { name: 'Send request' }).click();
  const sent = client.getByText(/Request #\d+ sent\. We will answer by/);
  await expect(sent).toBeVisible();
  const number = /#(\d+)/.exec((await sent.textContent()) ?? '')![1]!;

  // The on-call employee is told at once: e-mail and chat.
  await expect.poll(() => told(page, OWNER_EMAIL, 'team_support_urgent', number)).toBe(true);
  await expect
    .poll(async () => (await chatPosts()).some((p) => p.includes(`#${number}`)))
    .toBe(true);
  expect(await told(page, TEAM_EMAIL, 'team_support_escalation', number)).toBe(false);

  // Nobody acknowledges: 15 minutes later (the support clock) the owners and the team are told.
  const moved = await page.request.post('/api/support/clock', {
    headers: { 'x-forwarded-for': OWNER_ADDRESS },
    data: { minutes: 15 },
  });
  expect(moved.status()).toBe(200);
  await expect.poll(() => told(page, TEAM_EMAIL, 'team_support_escalation', number)).toBe(true);
  expect(await told(page, OWNER_EMAIL, 'team_support_escalation', number)).toBe(true);
  await expect
    .poll(async () =>
      (await chatPosts()).some((p) => p.includes('Escalated') && p.includes(`#${number}`)),
    )
    .toBe(true);

  // The team's Support section: the request, marked escalated; an employee replies.
  await page.goto('/admin#support');
  const row = page.getByRole('row').filter({ hasText: business });
  await expect(row).toContainText('Escalated');
  await row.getByRole('button', { name: `Open request #${number}` }).click();
  const request = page.getByRole('dialog', { name: new RegExp(`^#${number} `) });
  await request
    .getByRole('textbox', { name: 'Reply' })
    .fill('We are on it: the server restarted and the site is back.');
  await request.getByRole('button', { name: 'Send reply' }).click();
  await expect(request.getByText('We are on it: the server restarted')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The client's reply by e-mail, to the address the answer named, quoted text and all.
  let replyTo = '';
  await expect
    .poll(async () => {
      const answer = (await mailbox(email)).find((m) => m.text.includes('We are on it'));
      replyTo = /support\+[0-9a-f]{24}@inbound\.example/.exec(answer?.text ?? '')?.[0] ?? '';
      return replyTo;
    })
    .not.toBe('');
  await inboundMail(page.request, {
    from: email,
    to: replyTo,
    subject: `Re: #${number}`,
    text: `Thank you, it works now!\n\nOn Sat, Nov 28, 2026 at 10:00 AM Test Agency <${replyTo}> wrote:\n> We are on it`,
    messageId: `<${stamp}-1@client.example>`,
  });
  await client.reload();
  await scrollToSupport(client);
  const mine = client.getByRole('button', { name: new RegExp(`^#${number} `) });
  await mine.click();
  const thread = client.getByTestId('support-request').filter({ hasText: `#${number}` });
  await expect(thread.getByText('Thank you, it works now!')).toBeVisible();
  await expect(thread.getByText('We are on it: the server restarted')).toBeVisible();
  await expect(thread).not.toContainText('> We are on it');

  // Closed by the team with a resolution.
  await page.reload();
  await page
    .getByRole('row')
    .filter({ hasText: business })
    .getByRole('button', { name: `Open request #${number}` })
    .click();
  await request.getByRole('button', { name: 'Close…' }).click();
  const closing = page.getByRole('dialog').filter({ has: page.getByLabel('Resolution') });
  await closing.getByLabel('Resolution').fill('The web server restarted; site answering again.');
  await closing.getByRole('button', { name: 'Close request' }).click();
  await expect(request.getByRole('button', { name: 'Reopen' })).toBeVisible();

  // The client writes again by e-mail: the request reopens.
  await inboundMail(page.request, {
    from: email,
    to: replyTo,
    subject: `Re: #${number}`,
    text: 'One more thing: the contact form does not send.',
    messageId: `<${stamp}-2@client.example>`,
  });
  await client.reload();
  await scrollToSupport(client);
  const again = client.getByRole('button', { name: new RegExp(`^#${number} `) });
  await expect(again).toContainText('Waiting for us');
  await again.click();
  await expect(client.getByText('One more thing: the contact form does not send.')).toBeVisible();
  await expectNoSeriousA11yViolations(client);
  await context.close();

  // Nobody on call again, for the other specs.
  const cleared = await page.request.put('/api/support/settings/on-call', {
    headers: { 'x-forwarded-for': OWNER_ADDRESS },
    data: { employeeIds: [] },
  });
  expect(cleared.status()).toBe(200);
});
