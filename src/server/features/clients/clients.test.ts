import { beforeAll, describe, expect, it, vi } from 'vitest';
import Papa from 'papaparse';
import { and, eq } from 'drizzle-orm';
import {
  cancelClientSubscription,
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
import {
  activityLog,
  businessRegistrations,
  subscriptionPlans,
  subscriptions,
} from '../../db/schema.js';
import { isoDate, localDate } from '../../lib/zoned-time.js';
import { apiPath } from '../../test/api-path.js';
import { TEST_DATABASES } from '../../test/databases.js';
import { appUnderTest } from '../../test/app-under-test.js';

const base = { ownerName: 'Pat Example', businessType: 'Restaurant', subscriptionPlan: 'growing' };
const card = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' };

describe.each(TEST_DATABASES)('admin clients on %s', (kind) => {
  // An owner: the billing tests at the end cancel for a client (the billing permission).
  const ctx = appUnderTest(kind, {
    role: 'owner',
    registrationRateLimit: 1000,
    paymentRateLimit: 1000,
  });
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
      expect(entry?.detail).toEqual({
        count: 6,
        search: 'tricky owner',
        status: null,
        billing: null,
      });
    });

    const active = Papa.parse<string[]>(
      (await get(apiPath(exportClientsCsv, {}, { status: 'active' }))).body.slice(1),
      { skipEmptyLines: true },
    );
    expect(active.data.map((r) => r[0])).toEqual(['Business name', 'Paid Plumbing']);
    expect((await get(apiPath(exportClientsCsv, {}, { page: 0 }))).statusCode).toBe(400);
  });
  // After the tests above, which count the clients: these add one client per billing status.
  describe('billing status', () => {
    const cancel = (id: string, reason: string) =>
      ctx.app.inject({
        method: 'POST',
        url: apiPath(cancelClientSubscription, { id }),
        headers: { cookie: ctx.cookie },
        payload: { reason },
      });
    const pastDue = (id: string) =>
      ctx.testDb.database.db
        .update(subscriptions)
        .set({ status: 'past_due', failedPaymentCount: 1 })
        .where(eq(subscriptions.registrationId, id));

    beforeAll(async () => {
      for (const [key, name] of [
        ['leaving', 'Leaving Laundry'],
        ['owing', 'Owing Optician'],
        ['gone', 'Gone Garage'],
      ] as const) {
        ids[key] = await register(name, `${key}@example.com`);
        await pay(ids[key], '4242424242424242');
      }
      expect((await cancel(ids.leaving!, '  Moving to another town ')).statusCode).toBe(200);
      await pastDue(ids.owing!);
      await pastDue(ids.gone!);
      // Past due, then cancelled by the team: it ends now.
      expect((await cancel(ids.gone!, 'Closed the shop')).statusCode).toBe(200);
    });

    it('gives each client one billing status, and the day a cancelling one ends', async () => {
      const page = await list('');
      const status = Object.fromEntries(
        page.items.map((c) => [c.businessName, [c.billingStatus, c.cancelsOn]]),
      );
      const [leavingSub] = await ctx.testDb.database.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.registrationId, ids.leaving!));
      const lastDay = isoDate(localDate(leavingSub!.currentPeriodEnd!, ctx.config.timeZone));
      expect(status).toMatchObject({
        'Paid Plumbing': ['active', null],
        'Leaving Laundry': ['cancels', lastDay],
        'Owing Optician': ['past_due', null],
        'Gone Garage': ['canceled', null],
        'Declined Diner': ['awaiting_payment', null],
        'Sunny Bakery': ['awaiting_payment', null],
      });
    });

    it('filters by billing status with counts for each, the filter kept across pages', async () => {
      const counts = { active: 1, past_due: 1, cancels: 1, canceled: 1, awaiting_payment: 35 };
      const all = await list('');
      expect(all.billingCounts).toEqual(counts);
      expect(all.total).toBe(39);
      expect(await names('billing=past_due')).toEqual(['Owing Optician']);
      expect(await names('billing=cancels')).toEqual(['Leaving Laundry']);
      expect(await names('billing=canceled')).toEqual(['Gone Garage']);
      expect(await names('billing=active')).toEqual(['Paid Plumbing']);
      // The counts stay those of the search, whatever the billing filter shows.
      const filtered = await list('billing=canceled');
      expect(filtered).toMatchObject({ total: 1, billingCounts: counts });
      const garage = await list('search=garage');
      expect(garage.billingCounts).toEqual({
        active: 0,
        past_due: 0,
        cancels: 0,
        canceled: 1,
        awaiting_payment: 0,
      });
      // 35 awaiting payment (4 above, 25 paging and 6 export rows): a second page of 15, nothing else.
      const [first, second] = await Promise.all(
        [1, 2].map((p) => list(`billing=awaiting_payment&page=${p}`)),
      );
      expect([first!.items.length, second!.items.length, second!.total]).toEqual([20, 15, 35]);
      const seen = [...first!.items, ...second!.items];
      expect(new Set(seen.map((c) => c.id)).size).toBe(35);
      expect(seen.every((c) => c.billingStatus === 'awaiting_payment')).toBe(true);
      // With the payment status filter too: a declined card is awaiting payment.
      expect(await names('status=failed&billing=awaiting_payment')).toEqual(['Declined Diner']);
      expect(await names('status=failed&billing=active')).toEqual([]);
    });

    it('refuses an unknown billing status in words', async () => {
      const res = await get(apiPath(listClients, {}, 'billing=late'));
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(
        /billing status: Billing status must be active, past_due, cancels, canceled or awaiting_payment/,
      );
    });

    it('shows the reason a client was cancelled for, and when it ended', async () => {
      const leaving = (await get(apiPath(getClient, { id: ids.leaving! }))).json<ClientDetail>();
      expect(leaving.subscription).toMatchObject({
        status: 'active',
        cancelReason: 'Moving to another town',
        canceledAt: null,
      });
      const gone = (await get(apiPath(getClient, { id: ids.gone! }))).json<ClientDetail>();
      expect(gone).toMatchObject({ billingStatus: 'canceled', cancelsOn: null });
      expect(gone.subscription).toMatchObject({
        status: 'canceled',
        cancelReason: 'Closed the shop',
      });
      expect(Date.parse(gone.subscription!.canceledAt!)).toBeLessThanOrEqual(Date.now());
      const paid = (await get(apiPath(getClient, { id: ids.paid! }))).json<ClientDetail>();
      expect(paid.subscription).toMatchObject({ cancelReason: null, canceledAt: null });
    });

    it('exports only the clients of the billing status asked for, with their status', async () => {
      const csv = Papa.parse<string[]>(
        (await get(apiPath(exportClientsCsv, {}, { billing: 'past_due' }))).body.slice(1),
        { skipEmptyLines: true },
      );
      expect(csv.data.map((r) => r[0])).toEqual(['Business name', 'Owing Optician']);
      const column = csv.data[0]!.indexOf('Billing status');
      expect(csv.data[1]![column]).toBe('Past due');
      const cancels = Papa.parse<string[]>(
        (await get(apiPath(exportClientsCsv, {}, { billing: 'cancels' }))).body.slice(1),
        { skipEmptyLines: true },
      );
      expect(cancels.data[1]![column]).toMatch(/^Cancels on \d{4}-\d{2}-\d{2}$/);
    });
  });
});
