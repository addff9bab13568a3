import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  createApplication,
  deleteApplication,
  getApplication,
  listApplications,
  updateApplication,
  type Application,
} from '../../../contract/applications/applications.js';
import {
  getRevenueSummary,
  getRevenueToday,
  listDailyRevenue,
  type DailyRevenue,
  type RevenueSummary,
  type RevenueToday,
} from '../../../contract/revenue/revenue.js';
import { updatePlan } from '../../../contract/plans/admin.js';
import { listPlans } from '../../../contract/plans/list.js';
import type { SubscriptionPlan } from '../../../contract/plans/plans.js';
import {
  createPortfolioItem,
  deletePortfolioItem,
  updatePortfolioItem,
} from '../../../contract/portfolio/admin.js';
import { listPortfolio } from '../../../contract/portfolio/portfolio.js';
import { payments, subscriptionPlans, subscriptions } from '../../db/schema.js';
import { apiPath } from '../../test/api-path.js';
import { TEST_DATABASES } from '../../test/databases.js';
import { appUnderTest } from '../../test/app-under-test.js';
import { createRevenueService } from '../revenue/index.js';

describe.each(TEST_DATABASES)('applications, revenue, portfolio and plans on %s', (kind) => {
  // An owner: changing plans needs the billing permission (owners always have it).
  const ctx = appUnderTest(kind, { role: 'owner' });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: { cookie: ctx.cookie },
      ...(payload ? { payload } : {}),
    });
  const pay = (
    id: string,
    productId: string,
    cents: number,
    paidAt: Date,
    customerEmail = 'a@customers.example',
    livemode = false,
  ) =>
    ctx.testDb.database.db.insert(payments).values({
      provider: 'test',
      providerPaymentId: id,
      productId,
      amountCents: cents,
      currency: 'usd',
      customerEmail,
      paidAt,
      livemode,
    });

  it('sums the ledger by day and week in the agency time zone, across a daylight-saving change', async () => {
    // Monday 11 March 2030, 13:00 in Chicago; clocks went forward on Sunday the 10th.
    const revenue = createRevenueService(ctx.testDb.database.db, 'America/Chicago', {
      now: () => new Date('2030-03-11T18:00:00Z'),
    });
    await pay('tz-today', 'prod_tz', 1000, new Date('2030-03-11T05:30:00Z')); // Monday 00:30 CDT
    await pay('tz-late-sunday', 'prod_tz', 2000, new Date('2030-03-11T04:30:00Z')); // Sunday 23:30 CDT, after "now" of a day ago
    await pay('tz-early-sunday', 'prod_tz', 500, new Date('2030-03-10T07:00:00Z')); // Sunday 01:00 CST
    await pay('tz-saturday', 'prod_tz', 700, new Date('2030-03-10T05:30:00Z')); // Saturday 23:30 CST: last week
    await pay('tz-future', 'prod_tz', 9900, new Date('2030-03-11T19:00:00Z'));
    const summary = await revenue.summary();
    expect(summary).toMatchObject({
      today: '10.00',
      yesterday: '5.00',
      todayChange: 100,
      week: '10.00',
      lastWeek: '0.00',
      weekChange: null,
      testMode: true,
    });
    expect(await revenue.today()).toEqual({ today: '10.00', week: '10.00', testMode: true });
    const days = await revenue.daily(3);
    expect(days).toEqual([
      { date: '2030-03-09', total: '7.00', testMode: true },
      { date: '2030-03-10', total: '25.00', testMode: true },
      { date: '2030-03-11', total: '10.00', testMode: true },
    ]);
  });

  it('counts one kind of money: test payments in test mode, live payments only with live keys', async () => {
    const now = () => new Date('2031-06-04T18:00:00Z'); // a Wednesday, 13:00 in Chicago
    const paidAt = new Date('2031-06-04T16:00:00Z');
    await pay('mode-test-1', 'prod_mode', 1500, paidAt, 'test@customers.example');
    await pay('mode-test-2', 'prod_mode', 500, paidAt, 'other@customers.example');
    await pay('mode-live-1', 'prod_mode', 4000, paidAt, 'real@customers.example', true);
    const db = ctx.testDb.database.db;
    const test = createRevenueService(db, 'America/Chicago', { now });
    const live = createRevenueService(db, 'America/Chicago', { now, livemode: true });
    expect(await test.today()).toEqual({ today: '20.00', week: '20.00', testMode: true });
    expect(await live.today()).toEqual({ today: '40.00', week: '40.00', testMode: false });
    expect(await live.summary()).toMatchObject({
      today: '40.00',
      yesterday: '0.00',
      testMode: false,
    });
    expect((await live.daily(2)).map((d) => [d.total, d.testMode])).toEqual([
      ['0.00', false],
      ['40.00', false],
    ]);
    expect((await test.byProduct(['prod_mode'])).get('prod_mode')).toEqual({
      dailyCents: 2000,
      weeklyCents: 2000,
      users: 2,
    });
    expect((await live.byProduct(['prod_mode'])).get('prod_mode')).toEqual({
      dailyCents: 4000,
      weeklyCents: 4000,
      users: 1,
    });
    // This app runs without Stripe keys: its answers say the figures are test money.
    expect((await call('GET', apiPath(getRevenueToday))).json<RevenueToday>().testMode).toBe(true);
    expect((await call('GET', apiPath(getRevenueSummary))).json<RevenueSummary>().testMode).toBe(
      true,
    );
    expect(
      (await call('GET', apiPath(listDailyRevenue, {}, { days: 2 })))
        .json<DailyRevenue[]>()
        .every((d) => d.testMode),
    ).toBe(true);
    expect(
      (await call('GET', apiPath(listApplications))).json<Application[]>().every((a) => a.testMode),
    ).toBe(true);
  });

  it('creates applications with the spec texts for missing fields, and counts their revenue and users', async () => {
    const missing = await call('POST', apiPath(createApplication), { name: '  ', url: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues).toEqual([
      { field: 'name', message: 'Please provide an application name', code: 'field_required' },
      { field: 'url', message: 'Please provide an application URL', code: 'field_required' },
    ]);
    const created = await call('POST', apiPath(createApplication), {
      name: ' Rally Point ',
      url: 'https://rally.example',
      description: '',
      stripeProductId: 'prod_rally',
      status: 'deployment',
    });
    expect(created.statusCode).toBe(201);
    const rally = created.json<Application>();
    expect(rally).toMatchObject({
      name: 'Rally Point',
      description: null,
      iconColor: '#3B82F6',
      iconType: 'mobile-alt',
      status: 'deployment',
      dailyRevenue: '0.00',
      totalUsers: 0,
    });
    expect(
      (
        await call('POST', apiPath(createApplication), {
          name: 'Copy',
          url: 'https://copy.example',
          stripeProductId: 'prod_rally',
        })
      ).statusCode,
    ).toBe(409);

    const justNow = new Date(Date.now() - 1000);
    await pay('rally-1', 'prod_rally', 2500, justNow, 'one@customers.example');
    await pay('rally-2', 'prod_rally', 2500, justNow, 'one@customers.example');
    await pay('rally-3', 'prod_rally', 1000, justNow, 'two@customers.example');
    const listed = (await call('GET', apiPath(listApplications)))
      .json<Application[]>()
      .find((a) => a.id === rally.id)!;
    expect(listed).toMatchObject({ dailyRevenue: '60.00', weeklyRevenue: '60.00', totalUsers: 2 });
    // The demo applications come with their fictional ledger.
    const demo = (await call('GET', apiPath(listApplications)))
      .json<Application[]>()
      .filter((a) => a.name.endsWith('(demo)'));
    expect(demo.length).toBe(3);
    expect(demo.some((a) => a.totalUsers > 10)).toBe(true);
    const today = (await call('GET', apiPath(getRevenueToday))).json<RevenueToday>();
    expect(Number(today.today)).toBeGreaterThanOrEqual(60);
    expect(today.week).toMatch(/^\d+\.\d{2}$/);

    // A logo must be one of our finished uploads; an address from elsewhere is refused.
    const foreign = await call('PUT', apiPath(updateApplication, { id: rally.id }), {
      name: 'Rally Point',
      url: 'https://rally.example',
      logoUrl: 'https://evil.example/logo.png',
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().message).toBe(
      'This logo address is not one of our uploads. Please upload the logo again.',
    );
    const updated = await call('PUT', apiPath(updateApplication, { id: rally.id }), {
      name: 'Rally Point',
      url: 'https://rally.example',
      status: 'active',
      iconType: 'globe',
    });
    expect(updated.json<Application>()).toMatchObject({
      status: 'active',
      iconType: 'globe',
      stripeProductId: null,
    });
    expect(
      (
        await call('PUT', apiPath(updateApplication, { id: rally.id }), {
          name: 'X',
          url: 'https://x.example',
          iconType: 'rocket',
        })
      ).statusCode,
    ).toBe(400);
    expect((await call('DELETE', apiPath(deleteApplication, { id: rally.id }))).statusCode).toBe(
      204,
    );
    expect((await call('GET', apiPath(getApplication, { id: rally.id }))).statusCode).toBe(404);
    expect((await call('GET', apiPath(getApplication, { id: 'abc' }))).statusCode).toBe(404);
  });

  it('adds, edits and deletes portfolio items, which the landing page shows', async () => {
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: apiPath(createPortfolioItem),
          payload: { websiteName: 'X', websiteUrl: 'https://x.example' },
        })
      ).statusCode,
    ).toBe(401);
    const bad = await call('POST', apiPath(createPortfolioItem), { websiteName: 'Only a name' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual([
      {
        field: 'websiteUrl',
        message: 'Please provide website name and URL',
        code: 'field_required',
      },
    ]);
    const created = (
      await call('POST', apiPath(createPortfolioItem), {
        websiteName: 'Lone Star Tacos',
        websiteUrl: 'https://tacos.example',
        description: ' Best tacos ',
      })
    ).json<{ id: number }>();
    expect(
      (
        await call('POST', apiPath(createPortfolioItem), {
          websiteName: 'Y',
          websiteUrl: 'https://y.example',
          logoUrl: '/uploads/app-logo/not-ours.webp',
        })
      ).statusCode,
    ).toBe(422);
    // A demo item keeps its own (seeded) logo when edited.
    const demo = (await ctx.app.inject(apiPath(listPortfolio)))
      .json<{ id: number; websiteName: string; websiteUrl: string; logoUrl: string | null }[]>()
      .find((p) => p.logoUrl)!;
    expect(
      (
        await call('PUT', apiPath(updatePortfolioItem, { id: demo.id }), {
          websiteName: demo.websiteName,
          websiteUrl: demo.websiteUrl,
          logoUrl: demo.logoUrl,
        })
      ).statusCode,
    ).toBe(200);
    const updated = await call('PUT', apiPath(updatePortfolioItem, { id: created.id }), {
      websiteName: 'Lone Star Tacos & More',
      websiteUrl: 'https://tacos.example',
    });
    expect(updated.json()).toMatchObject({
      websiteName: 'Lone Star Tacos & More',
      description: null,
    });
    const landing = (await ctx.app.inject(apiPath(listPortfolio))).json<
      { websiteName: string }[]
    >();
    expect(landing.map((p) => p.websiteName)).toContain('Lone Star Tacos & More');
    expect(
      (await call('DELETE', apiPath(deletePortfolioItem, { id: created.id }))).statusCode,
    ).toBe(204);
    expect(
      (await call('DELETE', apiPath(deletePortfolioItem, { id: created.id }))).statusCode,
    ).toBe(404);
  });

  it('edits a plan for new subscribers only; one plan is Most Popular', async () => {
    const [essential] = await ctx.testDb.database.db
      .select()
      .from(subscriptionPlans)
      .where(eq(subscriptionPlans.name, 'essential'));
    await ctx.testDb.database.db.insert(subscriptions).values({
      provider: 'test',
      planId: essential!.id,
      status: 'active',
      priceCents: essential!.priceCents,
      currency: 'usd',
      billingCycle: 'month',
    });
    const body = {
      displayName: 'Essential Plus',
      description: 'More of the basics.',
      price: '249',
      billingCycle: 'month',
      features: ['Website Development', ' More pages '],
      renewalPrice: '450.00',
      mostPopular: true,
    };
    const res = await call('PUT', apiPath(updatePlan, { id: essential!.id }), body);
    expect(res.statusCode).toBe(200);
    expect(res.json<SubscriptionPlan>()).toMatchObject({
      displayName: 'Essential Plus',
      price: '249.00',
      renewalPrice: '450.00',
      features: ['Website Development', 'More pages'],
      mostPopular: true,
    });
    const plans = (await ctx.app.inject(apiPath(listPlans))).json<SubscriptionPlan[]>();
    expect(plans.filter((p) => p.mostPopular).map((p) => p.name)).toEqual(['essential']);
    expect(plans.find((p) => p.name === 'essential')!.price).toBe('249.00');
    const [sub] = await ctx.testDb.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.planId, essential!.id));
    expect(sub!.priceCents).toBe(essential!.priceCents);
    expect(
      (await call('PUT', apiPath(updatePlan, { id: essential!.id }), { ...body, price: '-5' }))
        .statusCode,
    ).toBe(400);
    expect((await call('PUT', apiPath(updatePlan, { id: 9999 }), body)).statusCode).toBe(404);
  });
});
