import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Application } from '../../../contract/applications/applications.js';
import { listApplications } from '../../../contract/applications/applications.js';
import type {
  DailyRevenue,
  RevenueSummary,
  RevenueToday,
} from '../../../contract/revenue/revenue.js';
import {
  getRevenueSummary,
  getRevenueToday,
  listDailyRevenue,
} from '../../../contract/revenue/revenue.js';
import { submitBusinessRegistration } from '../../../contract/registration/fields.js';
import { createPaymentIntent, getPaymentStatus } from '../../../contract/payments/checkout.js';
import { payments, subscriptionPlans } from '../../db/schema.js';
import { TEST_DATABASES, testConfig } from '../../test/databases.js';
import { appUnderTest } from '../../test/app-under-test.js';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe.js';
import { apiPath } from '../../test/api-path.js';

const registration = {
  businessName: 'Live Garage',
  ownerName: 'Lee Example',
  email: 'lee@example.com',
  businessType: 'Automotive',
  subscriptionPlan: 'growing',
};

describe.each(TEST_DATABASES)(
  'revenue with live Stripe keys counts real money only, on %s',
  (kind) => {
    let fake: FakeStripe;
    afterAll(() => fake?.close());
    const ctx = appUnderTest(kind, async () => {
      fake = await startFakeStripe();
      const config = testConfig({
        STRIPE_SECRET_KEY: 'sk_live_fake',
        STRIPE_PUBLISHABLE_KEY: 'pk_live_fake',
        STRIPE_WEBHOOK_SECRET: 'whsec_live',
        STRIPE_API_BASE: fake.url,
      });
      return { config, registrationRateLimit: 1000, paymentRateLimit: 1000 };
    });

    const get = <T>(url: string) =>
      ctx.app.inject({ url, headers: { cookie: ctx.cookie } }).then((r) => r.json<T>());

    it('leaves the demo ledger and test payments out, and says the figures are live', async () => {
      // Before any real sale: the seeded demo sales (test money) count for nothing.
      expect(await get<RevenueToday>(apiPath(getRevenueToday))).toEqual({
        today: '0.00',
        week: '0.00',
        testMode: false,
      });
      const demoApps = (await get<Application[]>(apiPath(listApplications))).filter((a) =>
        a.name.endsWith('(demo)'),
      );
      expect(demoApps.map((a) => [a.weeklyRevenue, a.totalUsers, a.testMode])).toEqual(
        demoApps.map(() => ['0.00', 0, false]),
      );

      // A real sale, confirmed by asking Stripe (whose objects made with a live key are live) …
      const registrationId = (
        await ctx.app.inject({
          method: 'POST',
          url: apiPath(submitBusinessRegistration),
          payload: registration,
        })
      ).json<{ id: string }>().id;
      const [growing] = await ctx.testDb.database.db
        .select()
        .from(subscriptionPlans)
        .where(eq(subscriptionPlans.name, 'growing'));
      const intent = (
        await ctx.app.inject({
          method: 'POST',
          url: apiPath(createPaymentIntent),
          payload: { planId: growing!.id, registrationId },
        })
      ).json<{
        paymentIntentId: string;
        clientSecret: string;
      }>();
      fake.setIntent(intent.paymentIntentId, {
        status: 'succeeded',
        amount_received: growing!.priceCents,
      });
      const status = await ctx.app.inject({
        url: apiPath(getPaymentStatus, {}, { payment_intent_client_secret: intent.clientSecret }),
      });
      expect(status.json()).toMatchObject({ status: 'succeeded' });
      // … and a test-key sale of the same moment, as if booked while the keys were test keys.
      await ctx.testDb.database.db.insert(payments).values({
        provider: 'stripe',
        providerPaymentId: 'pi_test_mode_sale',
        amountCents: 12_345,
        currency: 'usd',
        livemode: false,
        paidAt: new Date(Date.now() - 1000),
      });

      const price = (growing!.priceCents / 100).toFixed(2);
      expect(await get<RevenueToday>(apiPath(getRevenueToday))).toEqual({
        today: price,
        week: price,
        testMode: false,
      });
      expect(await get<RevenueSummary>(apiPath(getRevenueSummary))).toMatchObject({
        today: price,
        week: price,
        testMode: false,
      });
      const days = await get<DailyRevenue[]>(apiPath(listDailyRevenue, {}, { days: 30 }));
      expect(days.at(-1)).toEqual({ date: expect.any(String), total: price, testMode: false });
      expect(days.slice(0, -1).every((d) => d.total === '0.00' && !d.testMode)).toBe(true);
    });
  },
);
