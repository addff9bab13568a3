import * as z from 'zod/mini';
import type { Endpoint } from '../lib/endpoint.js';

/**
 * Every revenue answer counts one kind of money: real (live) payments, or, while the product
 * runs in test mode (no Stripe keys or Stripe test keys), test payments only; `testMode` says
 * which, so a screen can mark test money as such.
 */
export interface RevenueToday {
  today: string;
  week: string;
  testMode: boolean;
}

/** The dashboard cards: each figure against the same stretch of the period before. */
export interface RevenueSummary extends RevenueToday {
  /** Yesterday up to the same time of day. */
  yesterday: string;
  /** Percent, one decimal; null when yesterday had no revenue. */
  todayChange: number | null;
  /** Last week up to the same point of the week. */
  lastWeek: string;
  weekChange: number | null;
  activeApps: number;
  newThisMonth: number;
  timeZone: string;
  /** Where today's and this week's revenue came from; the three add up to `today` and `week`. */
  bySource: { plans: SourceTotals; applications: SourceTotals; other: SourceTotals };
  /** The plans' monthly recurring revenue: every paying subscription's current price per month. */
  mrr: string;
  activeSubscriptions: number;
  /** Percent of subscriptions cancelled in the last 30 days, one decimal; null when there were none to lose. */
  churn30: number | null;
}

/** Today's and this week's revenue of one source, decimal strings. */
export interface SourceTotals {
  today: string;
  week: string;
}

export interface DailyRevenue {
  /** Local date, YYYY-MM-DD. */
  date: string;
  total: string;
  /** As in RevenueToday: the total is test money. */
  testMode: boolean;
}

/** The chart's days: 1 to 90, 30 when missing or not a number (a bad value never fails the dashboard). */
export const DAILY_REVENUE_DAYS_MAX = 90;
export const dailyRevenueQuery = z.object({
  days: z.pipe(
    z.optional(z.unknown()),
    z.transform((v) => {
      const days = Number.parseInt(typeof v === 'string' ? v : String(v ?? ''), 10) || 30;
      return Math.min(DAILY_REVENUE_DAYS_MAX, Math.max(1, days));
    }),
  ),
});

export const getRevenueToday: Endpoint<RevenueToday> = {
  method: 'GET',
  path: '/api/revenue/today',
};
export const getRevenueSummary: Endpoint<RevenueSummary> = {
  method: 'GET',
  path: '/api/revenue/summary',
};
export const listDailyRevenue: Endpoint<DailyRevenue[], undefined, { days: number }> = {
  method: 'GET',
  path: '/api/revenue/daily',
};
