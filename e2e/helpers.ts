import fs from 'node:fs';
import ICAL from 'ical.js';
import { createRequire } from 'node:module';
import {
  expect,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';

/** The specs' mailbox (scripts/e2e-mailbox.mjs, started by playwright.config.ts). */
const MAILBOX_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4600) + 2000}`;
const axeSource = fs.readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * Runs axe-core in the page (evaluate is not subject to the page's CSP); fails on serious or
 * critical. Opening animations (a dialog fading in) end first: axe would measure a half-faded text.
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY,
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    type Violation = { id: string; impact: string; help: string; nodes: { target: string[] }[] };
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: Violation[] }> } }).axe;
    /** The element a finding names (undefined for one inside a frame or a shadow root, named in parts). */
    const nodeOf = (target: string[]) =>
      target.length === 1 ? document.querySelector(target[0]!) : undefined;
    // A node the app removed while axe ran (rows a search filtered out behind a dialog) is measured out of
    // the page, its colours against nothing; axe then names it from a detached root (':root > td …').
    // When a finding names a node that is not in the page, the page was still changing: run again.
    let found = (await axe.run()).violations;
    for (
      let again = 0;
      again < 3 && found.some((v) => v.nodes.some((n) => nodeOf(n.target) === null));
      again++
    ) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      found = (await axe.run()).violations;
    }
    // Behind an open modal (Radix marks what it hides with data-aria-hidden) the page is inert under
    // a half-dark overlay: its contrast there is not what anyone reads. axe measured it through the
    // overlay now and then (a failure in 1 run of 4), so that one rule skips it; every other rule does not.
    const underModal = (target: string[]) => Boolean(nodeOf(target)?.closest('[data-aria-hidden]'));
    return found
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        ...v,
        nodes: v.id === 'color-contrast' ? v.nodes.filter((n) => !underModal(n.target)) : v.nodes,
      }))
      .filter((v) => v.nodes.length > 0)
      .map(
        (v) =>
          `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
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

/** Each form its own address: one that has paid would get its billing page, not a checkout (docs/decisions/032). */
let registrationForms = 0;
export async function fillRequiredRegistration(page: Page, plan = 'professional') {
  const form = page.getByRole('form', { name: 'Business registration' });
  await form.getByLabel('Business Name').fill('Demo Test Bakery');
  await form.getByLabel('Owner Name').fill('Pat Example');
  await form
    .getByLabel('Email')
    .fill(`pat-${Date.now().toString(36)}-${++registrationForms}@example.com`);
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
 * A business that registered and paid with 4242 4242 4242 4242 through the API, as a client at
 * `address` (`X-Forwarded-For`, which the e2e server trusts), without going through the pages.
 */
export async function registerAndPayViaApi(
  request: APIRequestContext,
  client: {
    address: string;
    plan: string;
    businessName: string;
    email: string;
    ownerName?: string;
    /** The client's language (their e-mails follow it); English when omitted. */
    language?: 'en' | 'es';
  },
): Promise<{ registrationId: string }> {
  const headers = { 'x-forwarded-for': client.address };
  const plans = (await (await request.get('/api/subscription-plans')).json()) as {
    id: number;
    name: string;
  }[];
  const planId = plans.find((p) => p.name === client.plan)!.id;
  const registration = {
    businessName: client.businessName,
    ownerName: client.ownerName ?? 'Sam Example',
    email: client.email,
    businessType: 'Restaurant',
    subscriptionPlan: client.plan,
    ...(client.language ? { language: client.language } : {}),
  };
  const { id: registrationId } = (await (
    await request.post('/api/business-registration', { headers, data: registration })
  ).json()) as { id: string };
  const intent = await request.post('/api/create-payment-intent', {
    headers,
    data: { planId, registrationId },
  });
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const card = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' };
  const paid = await request.post('/api/payments/test/confirm', {
    headers,
    data: { clientSecret, ...card },
  });
  expect(((await paid.json()) as { status: string }).status).toBe('succeeded');
  return { registrationId };
}

export interface OutboxMail {
  kind: string;
  to: string;
  text: string;
}

/** The e-mails to `recipient`, newest first, as a signed-in employee's `page` reads them in the outbox. */
export async function outboxMails(
  page: Page,
  recipient: string,
  kind?: string,
): Promise<OutboxMail[]> {
  const res = await page.request.get(`/api/outbox?recipient=${encodeURIComponent(recipient)}`);
  expect(res.status()).toBe(200);
  const mails = (await res.json()) as OutboxMail[];
  return kind ? mails.filter((m) => m.kind === kind) : mails;
}

/**
 * The first link matching `pattern` in the newest e-mail of `kind` to `recipient`, as the client's
 * mailbox got it (scripts/e2e-mailbox.mjs): employees see one-time links redacted in the outbox.
 * `address` is where the owner checks in the outbox that such an e-mail was sent.
 */
export async function emailedLink(
  browser: Browser,
  address: string,
  recipient: string,
  kind: string,
  pattern: RegExp,
): Promise<URL> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await useAddress(page, address);
  await signIn(page);
  const mails = await outboxMails(page, recipient, kind);
  expect(mails.length, `no ${kind} e-mail to ${recipient}`).toBeGreaterThan(0);
  await context.close();
  let link: string | undefined;
  await expect
    .poll(async () => {
      const res = await fetch(`${MAILBOX_URL}/messages?to=${encodeURIComponent(recipient)}`);
      const received = (await res.json()) as { text: string }[];
      link = received.map((m) => pattern.exec(m.text)?.[0]).find(Boolean);
      return link;
    }, `an e-mail to ${recipient} with a link like ${pattern}`)
    .toBeTruthy();
  return new URL(link!);
}

/**
 * The client's e-mailed billing link (English), opened in a browser of its own from `address`:
 * the page that asks 'Open my billing page' before the link is spent.
 */
export async function openBillingLink(browser: Browser, address: string, email: string) {
  const link = await emailedLink(
    browser,
    address,
    email,
    'client_billing_link',
    /https?:\/\/\S+\/account\?token=[A-Za-z0-9_-]+/,
  );
  const context = await browser.newContext();
  const client = await context.newPage();
  await useAddress(client, address);
  await client.goto(link.pathname + link.search);
  return {
    link,
    context,
    client,
    open: client.getByRole('button', { name: 'Open my billing page' }),
  };
}

/**
 * Pages arrive as the empty shell, as the server sends them when it cannot render them
 * (a render error or timeout): the browser renders them and fetches their data itself.
 */
export async function withoutServerRendering(page: Page) {
  await page.route(
    (url) => !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/assets/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const rendered =
        /<div id="root">[\s\S]*?<\/div><script type="application\/json" id="ssr-data">[\s\S]*?<\/script>/;
      await route.fulfill({
        response,
        body: (await response.text()).replace(rendered, '<div id="root"></div>'),
      });
    },
  );
}

/**
 * Moves focus with the keyboard alone: presses Tab (or Shift+Tab) until `target` has focus, as a
 * keyboard user would; fails when it is not reached within `limit` presses.
 */
export async function tabTo(page: Page, target: Locator, { backwards = false, limit = 200 } = {}) {
  await expect(target).toBeAttached();
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(
    `${backwards ? 'Shift+Tab' : 'Tab'} did not reach ${String(target)} in ${limit} presses`,
  );
}

/** One e-mail as the specs' mailbox (scripts/e2e-mailbox.mjs) received it. */
export interface Received {
  subject: string;
  text: string;
  attachments: { filename: string; contentType: string; content: string }[];
}

/** What the specs' mailbox received for `to`, newest first. */
export async function mailbox(to: string): Promise<Received[]> {
  const res = await fetch(`${MAILBOX_URL}/messages?to=${encodeURIComponent(to)}`);
  return (await res.json()) as Received[];
}

/**
 * The newest of at least `count` invitations (.ics attachments) e-mailed to `to`, parsed; only
 * e-mails whose text mentions `about`, when given.
 */
export async function invitation(to: string, count: number, about?: string) {
  let found: Received['attachments'][number] | undefined;
  await expect
    .poll(async () => {
      const withIcs = (await mailbox(to)).filter(
        (m) => m.attachments.length > 0 && (!about || m.text.includes(about)),
      );
      found = withIcs.length >= count ? withIcs[0]!.attachments[0] : undefined;
      return Boolean(found);
    }, `${count} invitation(s) to ${to}`)
    .toBe(true);
  const calendar = new ICAL.Component(ICAL.parse(found!.content) as unknown[]);
  const event = calendar.getFirstSubcomponent('vevent')!;
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: String(event.getFirstPropertyValue('uid')),
    sequence: Number(event.getFirstPropertyValue('sequence')),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
  };
}

/** What the chat fake (the mailbox's /chat, CHAT_WEBHOOK_URL) was posted, oldest first. */
export async function chatPosts(): Promise<string[]> {
  const res = await fetch(`${MAILBOX_URL}/chat`);
  return ((await res.json()) as unknown[]).map((post) => JSON.stringify(post));
}

/** The Postmark inbound webhook's password in playwright.config.ts (INBOUND_MAIL_SECRET). */
const INBOUND_SECRET = 'e2e inbound webhook secret';

/** An e-mail arriving as Postmark's inbound webhook delivers it (the provider's local fake). */
export async function inboundMail(
  request: APIRequestContext,
  mail: { from: string; to: string; subject: string; text: string; messageId?: string },
) {
  const { postmarkInboundRequest } = await import('../src/server/adapters/inbound-mail/fake.js');
  const { headers, body } = postmarkInboundRequest(mail, INBOUND_SECRET);
  const res = await request.post('/api/support/inbound/postmark', {
    headers,
    data: typeof body === 'string' ? body : JSON.stringify(body),
  });
  expect(res.status()).toBe(200);
}

/**
 * Scrolls the billing page to 'Get help' (it loads when scrolled near, being at the bottom), in one
 * step: the placeholder is replaced by the section as it comes into view.
 */
export async function scrollToSupport(page: Page) {
  await expect(page.locator('#support')).toBeAttached();
  await page.evaluate(() =>
    document.getElementById('support')?.scrollIntoView({ block: 'center' }),
  );
}
