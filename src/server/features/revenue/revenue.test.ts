import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { applications, payments, subscriptionPlans, subscriptions } from '../../db/schema.js';
import { TEST_DATABASES } from '../../test/databases.js';
import { appUnderTest } from '../../test/app-under-test.js';
import { createRevenueService } from './service.js';

describe.each(TEST_DATABASES)(
  'revenue by source, monthly recurring revenue and churn on %s',
  (kind) => {
    const ctx = appUnderTest(kind, { role: null });
    const DAY = 24 * 3600 * 1000;
    const now = new Date('2032-05-12T18:00:00Z'); // a Wednesday, 13:00 in Chicago
    const ago = (days: number) => new Date(now.getTime() - days * DAY);

    it('answers no churn when there was nobody to lose', async () => {
      const empty = await createRevenueService(ctx.testDb.database.db, 'America/Chicago', {
        now: () => now,
        livemode: true,
      }).summary();
      expect(empty).toMatchObject({ mrr: '0.00', activeSubscriptions: 0, churn30: null });
    });

    it('breaks today and this week down into plans, applications and the rest, which add up to the totals', async () => {
      const db = ctx.testDb.database.db;
      const [plan] = await db
        .select()
        .from(subscriptionPlans)
        .where(eq(subscriptionPlans.name, 'essential'));
      await db.insert(applications).values({
        name: 'Source App',
        url: 'https://source.example',
        status: 'active',
        stripeProductId: 'prod_source_app',
      });
      const [sub] = await db
        .insert(subscriptions)
        .values({
          provider: 'test',
          planId: plan!.id,
          status: 'active',
          priceCents: 29900,
          currency: 'usd',
          billingCycle: 'month',
        })
        .returning();
      const pay = (
        id: string,
        cents: number,
        paidAt: Date,
        extra: Partial<typeof payments.$inferInsert>,
      ) =>
        db.insert(payments).values({
          provider: 'test',
          providerPaymentId: id,
          amountCents: cents,
          currency: 'usd',
          paidAt,
          livemode: false,
          ...extra,
        });
      await pay('src-plan-today', 29900, ago(0.1), { planId: plan!.id, subscriptionId: sub!.id });
      await pay('src-app-today', 1000, ago(0.1), { productId: 'prod_source_app' });
      await pay('src-other-today', 500, ago(0.1), { productId: 'prod_not_an_app' });
      await pay('src-app-monday', 2000, ago(2), { productId: 'prod_source_app' }); // Monday: this week, not today

      const summary = await createRevenueService(db, 'America/Chicago', {
        now: () => now,
      }).summary();
      expect(summary.bySource).toEqual({
        plans: { today: '299.00', week: '299.00' },
        applications: { today: '10.00', week: '30.00' },
        other: { today: '5.00', week: '5.00' },
      });
      expect(summary).toMatchObject({ today: '314.00', week: '334.00' });
    });

    it('counts each paying subscription at its current monthly price, and the cancelled ones of the last 30 days as churn', async () => {
      const db = ctx.testDb.database.db;
      const later = new Date('2033-01-05T18:00:00Z');
      const [plan] = await db
        .select()
        .from(subscriptionPlans)
        .where(eq(subscriptionPlans.name, 'growing'));
      const subscription = async (
        values: Partial<typeof subscriptions.$inferInsert>,
        paid: false | 'test' | 'live',
      ) => {
        const [row] = await db
          .insert(subscriptions)
          .values({
            provider: 'test',
            planId: plan!.id,
            status: 'active',
            priceCents: 10000,
            currency: 'usd',
            billingCycle: 'month',
            ...values,
          })
          .returning();
        if (paid) {
          await db.insert(payments).values({
            provider: 'test',
            providerPaymentId: `mrr-${row!.id}`,
            amountCents: row!.priceCents,
            currency: 'usd',
            planId: plan!.id,
            subscriptionId: row!.id,
            paidAt: new Date('2032-12-20T12:00:00Z'),
            livemode: paid === 'live',
          });
        }
      };
      const before = await createRevenueService(db, 'America/Chicago', {
        now: () => later,
      }).summary();
      // Monthly at its intro price (the renewal price starts later): 100.00 a month.
      await subscription(
        { renewalPriceCents: 15000, renewalStartsAt: new Date('2033-06-01T00:00:00Z') },
        'test',
      );
      // Yearly, already at its renewal price of 2 400.00: 200.00 a month.
      await subscription(
        {
          billingCycle: 'year',
          priceCents: 120000,
          renewalPriceCents: 240000,
          renewalStartsAt: new Date('2032-12-01T00:00:00Z'),
        },
        'test',
      );
      // Past due still counts: the client has not left.
      await subscription({ status: 'past_due', priceCents: 5000 }, 'test');
      // Cancelled 10 days ago: churn; 60 days ago: before the window.
      await subscription(
        { status: 'canceled', updatedAt: new Date(later.getTime() - 10 * DAY) },
        'test',
      );
      await subscription(
        { status: 'canceled', updatedAt: new Date(later.getTime() - 60 * DAY) },
        'test',
      );
      // Never paid, or paid with live money only: not this mode's revenue.
      await subscription({}, false);
      await subscription({ priceCents: 70000 }, 'live');

      const test = await createRevenueService(db, 'America/Chicago', {
        now: () => later,
      }).summary();
      expect(Number(test.mrr) - Number(before.mrr)).toBeCloseTo(350, 2);
      expect(test.activeSubscriptions - before.activeSubscriptions).toBe(3);
      const live = await createRevenueService(db, 'America/Chicago', {
        now: () => later,
        livemode: true,
      }).summary();
      expect(live).toMatchObject({ mrr: '700.00', activeSubscriptions: 1, churn30: 0 });
      // The subscriptions of this file's first test were paid this year too; churn counts all of them.
      const cancelled = 1;
      expect(test.churn30).toBe(
        Math.round((cancelled / (test.activeSubscriptions + cancelled)) * 1000) / 10,
      );
    });
  },
);
