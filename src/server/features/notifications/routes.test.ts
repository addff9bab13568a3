import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  listOutbox,
  OUTBOX_PAGE_SIZE,
  type OutboxMessage,
} from '../../../contract/notifications/outbox.js';
import { submitBusinessRegistration } from '../../../contract/registration/fields.js';
import { redeemBillingLink, requestBillingLink } from '../../../contract/billing/billing.js';
import { activityLog, outboxMessages } from '../../db/schema.js';
import { TEST_DATABASES, testConfig } from '../../test/databases.js';
import { appUnderTest } from '../../test/app-under-test.js';
import { paidRegistration } from '../../test/billing.js';
import { apiPath } from '../../test/api-path.js';
import { enqueueMail } from './outbox.js';

describe.each(TEST_DATABASES)('GET /api/outbox on %s', (kind) => {
  const ctx = appUnderTest(kind, {
    config: testConfig({ PUBLIC_URL: 'https://agency.example' }),
    registrationRateLimit: 1000,
  });
  const list = (query: string, cookie = ctx.cookie) =>
    ctx.app.inject({ url: apiPath(listOutbox, {}, query), headers: cookie ? { cookie } : {} });
  const register = async (businessName: string, email: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: apiPath(submitBusinessRegistration),
      payload: {
        businessName,
        email,
        ownerName: 'Dana Example',
        businessType: 'Other',
        subscriptionPlan: 'essential',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string; checkoutPath: string }>();
  };

  it('answers 401 to a visitor', async () => {
    const res = await list('', '');
    expect(res.statusCode).toBe(401);
    expect(res.json<{ message: string }>().message).toMatch(/not signed in/);
    expect((await list('?recipient=dana@example.com', '')).statusCode).toBe(401);
  });

  it("shows an employee a registration's checkout-link e-mail, filtered by recipient ignoring case, newest first", async () => {
    const first = await register('Outbox Optics', 'Dana@Example.com');
    const second = await register('Outbox Optics Two', 'dana@example.com');
    await register('Someone Else', 'other@example.com');

    const res = await list('?recipient=DANA@example.COM');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const messages = res.json<OutboxMessage[]>();
    expect(messages.map((m) => [m.kind, m.to])).toEqual([
      ['client_checkout_link', 'dana@example.com'],
      ['client_checkout_link', 'Dana@Example.com'],
    ]);
    const [newest, oldest] = messages;
    expect(newest!.text).toContain(`https://agency.example${second.checkoutPath}`);
    expect(oldest).toMatchObject({
      subject: 'Finish your Essential sign-up with Test Agency',
      status: 'pending',
      lastError: null,
      sentAt: null,
    });
    expect(oldest!.text).toContain(
      `https://agency.example/checkout/essential?registration=${first.id}`,
    );
    expect(Date.parse(newest!.createdAt)).toBeGreaterThanOrEqual(Date.parse(oldest!.createdAt));

    // Without a recipient: everyone's, the team's notices too.
    const all = (await list('')).json<OutboxMessage[]>();
    expect(all.some((m) => m.kind === 'team_new_registration')).toBe(true);
    expect(all.some((m) => m.to === 'other@example.com')).toBe(true);
    expect((await list('?recipient=nobody@example.com')).json()).toEqual([]);
  });

  it("shows a client's billing sign-in link redacted to staff, logs the read, and the redacted link opens nothing", async () => {
    const { email } = await paidRegistration(ctx);
    const asked = await ctx.app.inject({
      method: 'POST',
      url: apiPath(requestBillingLink),
      payload: { email },
      remoteAddress: '10.77.0.1',
    });
    expect(asked.statusCode).toBe(200);
    const db = ctx.testDb.database.db;
    const stored = async () =>
      (await db.select().from(outboxMessages).where(eq(outboxMessages.to, email))).filter(
        (m) => m.kind === 'client_billing_link',
      );
    // The e-mail may be written just after the answer (the sign-in form answers every address alike).
    await expect.poll(async () => (await stored()).length).toBe(1);
    const [row] = await stored();
    const token = /\/account\?token=([A-Za-z0-9_-]+)/.exec(row!.secretText ?? '')?.[1];
    expect(token, 'the transport still gets the real link').toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const res = await list(`?recipient=${encodeURIComponent(email)}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(token);
    const [mail] = res.json<OutboxMessage[]>().filter((m) => m.kind === 'client_billing_link');
    expect(mail!.text).toContain('https://agency.example/account?token=[redacted]');
    expect(Object.keys(mail!).sort()).toEqual([
      'createdAt',
      'id',
      'kind',
      'lastError',
      'sentAt',
      'status',
      'subject',
      'text',
      'to',
    ]);
    // Without a filter too.
    expect((await list('')).body).not.toContain(token);

    // The read is in the activity log, with the recipient asked for.
    const reads = await db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, 'read-outbox'), eq(activityLog.subject, 'outbox')));
    expect(
      reads.some(
        (r) =>
          (r.detail as { recipient?: string } | null)?.recipient === email &&
          r.actorEmail?.startsWith('staff-'),
      ),
    ).toBe(true);

    // What the employee can copy from the outbox signs nobody in.
    const redacted = /\/account\?token=(\S+)/.exec(mail!.text)![1]!;
    const redeem = await ctx.app.inject({
      method: 'POST',
      url: apiPath(redeemBillingLink),
      payload: { token: redacted },
      remoteAddress: '10.77.0.2',
    });
    expect(redeem.statusCode).toBe(400);
    expect([redeem.headers['set-cookie']].flat().filter(Boolean)).toHaveLength(0);
  });

  it(`answers at most ${OUTBOX_PAGE_SIZE} messages`, async () => {
    await enqueueMail(
      ctx.testDb.database.db,
      Array.from({ length: OUTBOX_PAGE_SIZE + 5 }, (_, i) => ({
        kind: 'bulk',
        to: 'many@example.com',
        subject: `Bulk ${i}`,
        text: 'x',
      })),
    );
    const messages = (await list('?recipient=many@example.com')).json<OutboxMessage[]>();
    expect(messages).toHaveLength(OUTBOX_PAGE_SIZE);
  });

  it('refuses a bad query with 400 JSON', async () => {
    for (const query of [
      `?recipient=${'a'.repeat(321)}`,
      '?recipient=a@example.com&recipient=b@example.com',
    ]) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(typeof res.json<{ message: string }>().message).toBe('string');
    }
    expect((await list(`?recipient=${'a'.repeat(320)}`)).statusCode).toBe(200);
  });
});
