import { and, countDistinct, eq, gte, inArray, lt, sql, sum } from 'drizzle-orm';
import { centsToDecimal } from '../../../contract/money.js';
import type { DailyRevenue, RevenueSummary, RevenueToday } from '../../../contract/applications.js';
import type { Db } from '../../db/client.js';
import { applications, payments } from '../../db/schema.js';
import { addDays, isoDate, localDate, mondayOf, percentChange, startOfLocalDay } from './zoned-time.js';

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
    const yesterdaySoFar = new Date(startYesterday.getTime() + (at.getTime() - startToday.getTime()));
    const lastWeekSoFar = new Date(startLastWeek.getTime() + (at.getTime() - startWeek.getTime()));
    return { at, today, startToday, startYesterday, startWeek, startLastWeek, monthStart, yesterdaySoFar, lastWeekSoFar };
  }

  async function cents(from: Date, to: Date): Promise<number> {
    const [row] = await db
      .select({ total: sum(payments.amountCents) })
      .from(payments)
      .where(and(sameMode, gte(payments.paidAt, from), lt(payments.paidAt, to)));
    return Number(row?.total ?? 0);
  }

  return {
    testMode,

    async today(): Promise<RevenueToday> {
      const p = periods();
      const [today, week] = await Promise.all([cents(p.startToday, p.at), cents(p.startWeek, p.at)]);
      return { today: centsToDecimal(today), week: centsToDecimal(week), testMode };
    },

    async summary(): Promise<RevenueSummary> {
      const p = periods();
      const [today, yesterday, week, lastWeek, apps] = await Promise.all([
        cents(p.startToday, p.at),
        cents(p.startYesterday, p.yesterdaySoFar),
        cents(p.startWeek, p.at),
        cents(p.startLastWeek, p.lastWeekSoFar),
        db.select({ status: applications.status, createdAt: applications.createdAt }).from(applications),
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
      };
    },

    /** Totals per local day for the last `days` days, oldest first, days without revenue as 0.00. */
    async daily(days: number): Promise<DailyRevenue[]> {
      const p = periods();
      const first = addDays(p.today, -(days - 1));
      const rows = await db
        .select({ amount: payments.amountCents, paidAt: payments.paidAt })
        .from(payments)
        .where(and(sameMode, gte(payments.paidAt, startOfLocalDay(first, timeZone)), lt(payments.paidAt, p.at)));
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
          users: countDistinct(sql`coalesce(${payments.providerCustomerId}, ${payments.customerEmail}, ${payments.registrationId}::text)`),
        })
        .from(payments)
        .where(and(sameMode, inArray(payments.productId, productIds)))
        .groupBy(payments.productId);
      for (const row of rows) result.set(row.productId!, { dailyCents: Number(row.daily), weeklyCents: Number(row.weekly), users: Number(row.users) });
      return result;
    },
  };
}
export type RevenueService = ReturnType<typeof createRevenueService>;
