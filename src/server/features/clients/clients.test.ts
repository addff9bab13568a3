import { beforeAll, describe, expect, it, vi } from 'vitest';
import Papa from 'papaparse';
import { and, eq } from 'drizzle-orm';
import {
  exportClientsCsv,
  getClient,
  listClients,
  type ClientDetail,
  type ClientPage,
} from '../../../contract/clients/clients.js';
import {
  confirmTestCardPayment,
  createPaymentIntent,
} from '../../../contract/payments/checkout.js';
import { listPlans } from '../../../contract/plans/list.js';
import { submitBusinessRegistration } from '../../../contract/registration/registration.js';
import { activityLog, businessRegistrations, subscriptionPlans } from '../../db/schema.js';
import { apiPath } from '../../test/api-path.js';
import { TEST_DATABASES } from '../../test/databases.js';
import { appUnderTest } from '../../test/app-under-test.js';

const base = { ownerName: 'Pat Example', businessType: 'Restaurant', subscriptionPlan: 'growing' };
const card = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' };

describe.each(TEST_DATABASES)('admin clients on %s', (kind) => {
  const ctx = appUnderTest(kind, { registrationRateLimit: 1000, paymentRateLimit: 1000 });
  const ids: Record<string, string> = {};

  const get = (url: string, withCookie = true) =>
    ctx.app.inject({ url, headers: withCookie ? { cookie: ctx.cookie } : {} });
  const list = async (qs: string) => (await get(apiPath(listClients, {}, qs))).json<ClientPage>();
  const names = async (qs: string) => (await list(qs)).items.map((c) => c.businessName).sort();

  async function register(businessName: string, email: string, extra: object = {}) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: apiPath(submitBusinessRegistration),
      payload: { ...base, businessName, email, ...extra },
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: string }>().id;
  }
  async function pay(registrationId: string, cardNumber: string) {
    const planId = (await ctx.app.inject({ url: apiPath(listPlans) }))
      .json<{ id: number; name: string }[]>()
      .find((p) => p.name === 'growing')!.id;
    const intent = await ctx.app.inject({
      method: 'POST',
      url: apiPath(createPaymentIntent),
      payload: { planId, registrationId },
    });
    const { clientSecret } = intent.json<{ clientSecret: string }>();
    const paid = await ctx.app.inject({
      method: 'POST',
      url: apiPath(confirmTestCardPayment),
      payload: { clientSecret, ...card, cardNumber },
    });
    expect(paid.statusCode).toBe(200);
  }

  beforeAll(async () => {
    ids.sunny = await register('Sunny Bakery', 'Sunny@Bakery.example', { phone: '+1 555 0199' });
    ids.percent = await register('100% Organic Farm', 'farm@example.com');
    ids.plain = await register('100 Organic Market', 'market@example.com', { phone: '555\\0123' });
    ids.paid = await register('Paid Plumbing', 'paid@example.com', {
      address: '1 Pipe Street',
      website: 'https://paid.example.com',
    });
    ids.declined = await register('Declined Diner', 'declined@example.com');
    await pay(ids.paid, '4242424242424242');
    await pay(ids.declined, '4000000000000002');
    // 25 rows registered in the same instant: only the id keeps their order stable across pages.
    const [plan] = await ctx.testDb.database.db
      .select()
      .from(subscriptionPlans)
      .where(eq(subscriptionPlans.name, 'essential'));
    const at = new Date('2024-01-01T00:00:00Z');
    await ctx.testDb.database.db.insert(businessRegistrations).values(
      Array.from({ length: 25 }, (_, i) => ({
        ...base,
        businessName: `Paging Co ${i}`,
        email: `paging${i}@example.com`,
        planId: plan!.id,
        createdAt: at,
      })),
    );
  });

  it('answers 401 to a visitor on the list, the detail and the export', async () => {
    for (const url of [
      apiPath(listClients),
      apiPath(getClient, { id: ids.sunny! }),
      apiPath(exportClientsCsv),
    ]) {
      const res = await get(url, false);
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('lists newest first with plan, payment status, first payment and period', async () => {
    const page = await list('');
    expect(page).toMatchObject({ total: 30, page: 1, pageSize: 20 });
    expect(page.items[0]!.businessName).toBe('Declined Diner');
    const paid = page.items.find((c) => c.id === ids.paid)!;
    expect(paid).toMatchObject({
      paymentStatus: 'active',
      plan: { name: 'growing', displayName: 'Growing' },
      email: 'paid@example.com',
    });
    expect(Date.parse(paid.paidAt!)).toBeGreaterThan(Date.parse(paid.createdAt));
    expect(Date.parse(paid.periodEnd!)).toBeGreaterThan(Date.parse(paid.periodStart!));
    expect(page.items.find((c) => c.id === ids.sunny)).toMatchObject({
      paymentStatus: 'pending_payment',
      paidAt: null,
      periodStart: null,
      periodEnd: null,
    });
  });

  it('searches name, owner, e-mail and phone case-insensitively, with % and _ taken literally', async () => {
    expect(await names('search=sUnNy%20BAKERY')).toEqual(['Sunny Bakery']);
    expect(await names('search=SUNNY%40BAKERY.EXAMPLE')).toEqual(['Sunny Bakery']);
    expect(await names('search=%2B1%20555')).toEqual(['Sunny Bakery']);
    expect(await names(`search=${encodeURIComponent('100%')}`)).toEqual(['100% Organic Farm']);
    expect(await names('search=100')).toEqual(['100 Organic Market', '100% Organic Farm']);
    expect(await names('search=Paging_Co')).toEqual([]);
    expect(await names(`search=${encodeURIComponent('5\\0')}`)).toEqual(['100 Organic Market']);
    expect((await list('search=pat%20example')).total).toBe(30);
    expect((await list('search=%20%20')).total).toBe(30);
  });

  it('filters by payment status: active, failed (declined card) and pending', async () => {
    expect(await names('status=active')).toEqual(['Paid Plumbing']);
    expect(await names('status=failed')).toEqual(['Declined Diner']);
    const pending = await list('status=pending_payment');
    expect(pending.total).toBe(28);
    expect(pending.items.every((c) => c.paymentStatus === 'pending_payment')).toBe(true);
    expect(await names('status=failed&search=sunny')).toEqual([]);
  });

  it('pages without gaps or repeats', async () => {
    const [first, second, third] = await Promise.all(
      [1, 2, 3].map((p) => list(`search=paging%20co&page=${p}`)),
    );
    expect([first!.items.length, second!.items.length, third!.items.length]).toEqual([20, 5, 0]);
    expect(first!.total).toBe(25);
    const seen = [...first!.items, ...second!.items].map((c) => c.businessName);
    expect(new Set(seen).size).toBe(25);
  });

  it('refuses a bad query with a message a person understands', async () => {
    const cases: [string, RegExp][] = [
      ['page=0', /Please check page: Page must be 1 or more\./],
      ['page=two', /Page must be a whole number/],
      ['status=lost', /payment status: Payment status must be pending_payment, active or failed/],
      [`search=${'x'.repeat(201)}`, /Search must be at most 200 characters/],
    ];
    for (const [qs, message] of cases) {
      const res = await get(apiPath(listClients, {}, qs));
      expect(res.statusCode, qs).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
  });

  it('shows a client in full: subscription, payments and the last card error', async () => {
    const paid = (await get(apiPath(getClient, { id: ids.paid! }))).json<ClientDetail>();
    expect(paid).toMatchObject({
      address: '1 Pipe Street',
      website: 'https://paid.example.com',
      paymentStatus: 'active',
      lastPaymentError: null,
    });
    expect(paid.subscription).toMatchObject({
      status: 'active',
      price: '299.00',
      renewalPrice: '325.00',
      currency: 'usd',
    });
    expect(paid.payments).toEqual([
      {
        id: expect.any(String),
        amount: '299.00',
        currency: 'usd',
        paidAt: paid.paidAt,
        provider: 'test',
      },
    ]);
    const declined = (await get(apiPath(getClient, { id: ids.declined! }))).json<ClientDetail>();
    expect(declined).toMatchObject({
      paymentStatus: 'failed',
      lastPaymentError: 'Your card was declined.',
      payments: [],
    });
    expect(declined.subscription).toMatchObject({ status: 'incomplete', periodStart: null });
    expect(
      (await get(apiPath(getClient, { id: ids.sunny! }))).json<ClientDetail>().subscription,
    ).toBeNull();
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1'--"]) {
      const res = await get(apiPath(getClient, { id }));
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: 'This client does not exist.' });
    }
  });

  it('exports the filtered clients as CSV, neutralising formulas, and logs the export', async () => {
    const db = ctx.testDb.database.db;
    const [plan] = await db
      .select()
      .from(subscriptionPlans)
      .where(eq(subscriptionPlans.name, 'essential'));
    const tricky = [
      '=HYPERLINK("x")',
      '+1',
      '-2',
      '@cmd',
      '=1+1\nsecond line',
      'Smith, "Jr" & Sons',
    ];
    await db.insert(businessRegistrations).values(
      tricky.map((businessName, i) => ({
        ...base,
        ownerName: 'Tricky Owner',
        businessName,
        email: `t${i}@example.com`,
        planId: plan!.id,
      })),
    );

    const res = await get(apiPath(exportClientsCsv, {}, { search: 'tricky owner' }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="clients-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const parsed = Papa.parse<string[]>(res.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data[0]!.slice(0, 3)).toEqual(['Business name', 'Owner name', 'Email']);
    expect(
      parsed.data
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(
      [
        "'+1",
        "'-2",
        "'=1+1\nsecond line",
        '\'=HYPERLINK("x")',
        "'@cmd",
        'Smith, "Jr" & Sons',
      ].sort(),
    );
    expect(res.body).toContain('"Smith, ""Jr"" & Sons"');

    await vi.waitFor(async () => {
      const [entry] = await db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.action, 'export'), eq(activityLog.subject, 'clients')));
      expect(entry?.detail).toEqual({ count: 6, search: 'tricky owner', status: null });
    });

    const active = Papa.parse<string[]>(
      (await get(apiPath(exportClientsCsv, {}, { status: 'active' }))).body.slice(1),
      { skipEmptyLines: true },
    );
    expect(active.data.map((r) => r[0])).toEqual(['Business name', 'Paid Plumbing']);
    expect((await get(apiPath(exportClientsCsv, {}, { page: 0 }))).statusCode).toBe(400);
  });
});
