import { and, countDistinct, eq, gte, inArray, lt, sql, sum, type SQL } from 'drizzle-orm';
import { centsToDecimal } from '../../../contract/lib/money.js';
import type {
  DailyRevenue,
  RevenueSummary,
  RevenueToday,
  SourceTotals,
} from '../../../contract/revenue/revenue.js';
import type { Db } from '../../db/client.js';
import { applications, payments, subscriptions } from '../../db/schema.js';
import {
  addDays,
  isoDate,
  localDate,
  mondayOf,
  percentChange,
  startOfLocalDay,
} from '../../lib/zoned-time.js';

export interface ProductRevenue {
  dailyCents: number;
  weeklyCents: number;
  users: number;
}

export interface RevenueOptions {
  /** True when the product takes real money (Stripe live keys); test mode counts test money. */
  livemode?: boolean;
  now?: () => Date;
}

/**
 * Revenue from the payments ledger, the single source of it, in the agency's time zone. Only one
 * kind of money is ever counted: live payments, or test payments while the product runs in test
 * mode, and each answer says which (docs/decisions/008-money-that-stays-right.md).
 */
export function createRevenueService(db: Db, timeZone: string, options: RevenueOptions = {}) {
  const { livemode = false, now = () => new Date() } = options;
  const testMode = !livemode;
  const sameMode = eq(payments.livemode, livemode);

  function periods() {
    const at = now();
    const today = localDate(at, timeZone);
    const startToday = startOfLocalDay(today, timeZone);
    const startYesterday = startOfLocalDay(addDays(today, -1), timeZone);
    const startWeek = startOfLocalDay(mondayOf(today), timeZone);
    const startLastWeek = startOfLocalDay(addDays(mondayOf(today), -7), timeZone);
    const monthStart = startOfLocalDay({ ...today, day: 1 }, timeZone);
    // "vs yesterday" compares like with like: yesterday up to the same time of day.
    const yesterdaySoFar = new Date(
      startYesterday.getTime() + (at.getTime() - startToday.getTime()),
    );
    const lastWeekSoFar = new Date(startLastWeek.getTime() + (at.getTime() - startWeek.getTime()));
    return {
      at,
      today,
      startToday,
      startYesterday,
      startWeek,
      startLastWeek,
      monthStart,
      yesterdaySoFar,
      lastWeekSoFar,
    };
  }

  async function cents(from: Date, to: Date): Promise<number> {
    const [row] = await db
      .select({ total: sum(payments.amountCents) })
      .from(payments)
      .where(and(sameMode, gte(payments.paidAt, from), lt(payments.paidAt, to)));
    return Number(row?.total ?? 0);
  }

  /** Today's and this week's revenue by source: plan subscriptions, the applications' products, the rest. */
  async function bySource(p: ReturnType<typeof periods>): Promise<RevenueSummary['bySource']> {
    const inRange = (from: Date, source: SQL) =>
      sql<string>`coalesce(sum(${payments.amountCents}) filter (where ${payments.paidAt} >= ${from.toISOString()}::timestamptz and ${source}), 0)`;
    const isPlan = sql`${payments.planId} is not null`;
    const isApp = sql`${payments.planId} is null and ${payments.productId} in (select ${applications.stripeProductId} from ${applications} where ${applications.stripeProductId} is not null)`;
    const [row] = await db
      .select({
        plansToday: inRange(p.startToday, isPlan),
        plansWeek: inRange(p.startWeek, isPlan),
        appsToday: inRange(p.startToday, isApp),
        appsWeek: inRange(p.startWeek, isApp),
        allToday: inRange(p.startToday, sql`true`),
        allWeek: inRange(p.startWeek, sql`true`),
      })
      .from(payments)
      .where(and(sameMode, gte(payments.paidAt, p.startWeek), lt(payments.paidAt, p.at)));
    const n = (v: string | number | undefined) => Number(v ?? 0);
    const totals = (today: number, week: number): SourceTotals => ({
      today: centsToDecimal(today),
      week: centsToDecimal(week),
    });
    const plans = [n(row?.plansToday), n(row?.plansWeek)] as const;
    const apps = [n(row?.appsToday), n(row?.appsWeek)] as const;
    return {
      plans: totals(...plans),
      applications: totals(...apps),
      other: totals(n(row?.allToday) - plans[0] - apps[0], n(row?.allWeek) - plans[1] - apps[1]),
    };
  }

  /**
   * Monthly recurring revenue and 30-day churn of the plans. A subscription counts when it was
   * paid with this kind of money (live or test); its monthly price is the renewal price once that
   * applies, a yearly price divided by 12. Churn: subscriptions cancelled in the last 30 days
   * against those active now plus those cancelled (when: canceled_at).
   */
  async function recurring(
    at: Date,
  ): Promise<Pick<RevenueSummary, 'mrr' | 'activeSubscriptions' | 'churn30'>> {
    const paidInMode = sql`exists (select 1 from ${payments} where ${payments.subscriptionId} = ${subscriptions.id} and ${payments.livemode} = ${livemode})`;
    const rows = await db
      .select({
        status: subscriptions.status,
        priceCents: subscriptions.priceCents,
        renewalPriceCents: subscriptions.renewalPriceCents,
        renewalStartsAt: subscriptions.renewalStartsAt,
        billingCycle: subscriptions.billingCycle,
        updatedAt: subscriptions.updatedAt,
        canceledAt: subscriptions.canceledAt,
      })
      .from(subscriptions)
      .where(and(inArray(subscriptions.status, ['active', 'past_due', 'canceled']), paidInMode));
    const since = new Date(at.getTime() - 30 * 24 * 3600 * 1000);
    let mrrCents = 0;
    let active = 0;
    let cancelled = 0;
    for (const s of rows) {
      if (s.status === 'canceled') {
        // Older rows have no canceled_at: their last update was the cancellation.
        if ((s.canceledAt ?? s.updatedAt) >= since) cancelled++;
        continue;
      }
      active++;
      const renewed =
        s.renewalPriceCents !== null && s.renewalStartsAt !== null && s.renewalStartsAt <= at;
      const price = renewed ? s.renewalPriceCents! : s.priceCents;
      mrrCents += /^year/i.test(s.billingCycle) ? Math.round(price / 12) : price;
    }
    const base = active + cancelled;
    return {
      mrr: centsToDecimal(mrrCents),
      activeSubscriptions: active,
      churn30: base === 0 ? null : Math.round((cancelled / base) * 1000) / 10,
    };
  }

  return {
    testMode,

    async today(): Promise<RevenueToday> {
      const p = periods();
      const [today, week] = await Promise.all([
        cents(p.startToday, p.at),
        cents(p.startWeek, p.at),
      ]);
      return { today: centsToDecimal(today), week: centsToDecimal(week), testMode };
    },

    async summary(): Promise<RevenueSummary> {
      const p = periods();
      const [today, yesterday, week, lastWeek, apps, sources, plans] = await Promise.all([
        cents(p.startToday, p.at),
        cents(p.startYesterday, p.yesterdaySoFar),
        cents(p.startWeek, p.at),
        cents(p.startLastWeek, p.lastWeekSoFar),
        db
          .select({ status: applications.status, createdAt: applications.createdAt })
          .from(applications),
        bySource(p),
        recurring(p.at),
      ]);
      return {
        today: centsToDecimal(today),
        yesterday: centsToDecimal(yesterday),
        todayChange: percentChange(today, yesterday),
        week: centsToDecimal(week),
        lastWeek: centsToDecimal(lastWeek),
        weekChange: percentChange(week, lastWeek),
        activeApps: apps.filter((a) => a.status === 'active').length,
        newThisMonth: apps.filter((a) => a.createdAt >= p.monthStart).length,
        timeZone,
        testMode,
        bySource: sources,
        ...plans,
      };
    },

    /** Totals per local day for the last `days` days, oldest first, days without revenue as 0.00. */
    async daily(days: number): Promise<DailyRevenue[]> {
      const p = periods();
      const first = addDays(p.today, -(days - 1));
      const rows = await db
        .select({ amount: payments.amountCents, paidAt: payments.paidAt })
        .from(payments)
        .where(
          and(
            sameMode,
            gte(payments.paidAt, startOfLocalDay(first, timeZone)),
            lt(payments.paidAt, p.at),
          ),
        );
      const totals = new Map<string, number>();
      for (const row of rows) {
        const key = isoDate(localDate(row.paidAt, timeZone));
        totals.set(key, (totals.get(key) ?? 0) + row.amount);
      }
      return Array.from({ length: days }, (_, i) => {
        const date = isoDate(addDays(first, i));
        return { date, total: centsToDecimal(totals.get(date) ?? 0), testMode };
      });
    },

    /** Today's and this week's revenue and the distinct paying customers of each product. */
    async byProduct(productIds: string[]): Promise<Map<string, ProductRevenue>> {
      const result = new Map<string, ProductRevenue>();
      if (productIds.length === 0) return result;
      const p = periods();
      const inRange = (from: Date) =>
        sql<number>`coalesce(sum(${payments.amountCents}) filter (where ${payments.paidAt} >= ${from.toISOString()}::timestamptz and ${payments.paidAt} < ${p.at.toISOString()}::timestamptz), 0)`;
      const rows = await db
        .select({
          productId: payments.productId,
          daily: inRange(p.startToday),
          weekly: inRange(p.startWeek),
          users: countDistinct(
            sql`coalesce(${payments.providerCustomerId}, ${payments.customerEmail}, ${payments.registrationId}::text)`,
          ),
        })
        .from(payments)
        .where(and(sameMode, inArray(payments.productId, productIds)))
        .groupBy(payments.productId);
      for (const row of rows)
        result.set(row.productId!, {
          dailyCents: Number(row.daily),
          weeklyCents: Number(row.weekly),
          users: Number(row.users),
        });
      return result;
    },
  };
}
export type RevenueService = ReturnType<typeof createRevenueService>;
