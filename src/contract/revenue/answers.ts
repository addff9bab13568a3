import * as z from 'zod/mini';
import { answer, decimal, isoDate } from '../lib/answer.js';
import {
  getRevenueSummary,
  getRevenueToday,
  listDailyRevenue,
  type DailyRevenue,
  type RevenueSummary,
  type RevenueToday,
} from './revenue.js';

const todayShape = { today: decimal(), week: decimal(), testMode: z.boolean() };
const sourceTotals = z.strictObject({ today: decimal(), week: decimal() });

const revenueToday: z.ZodMiniType<RevenueToday> = z.strictObject(todayShape);
const revenueSummary: z.ZodMiniType<RevenueSummary> = z.strictObject({
  ...todayShape,
  yesterday: decimal(),
  todayChange: z.nullable(z.number()),
  lastWeek: decimal(),
  weekChange: z.nullable(z.number()),
  activeApps: z.int(),
  newThisMonth: z.int(),
  timeZone: z.string(),
  bySource: z.strictObject({
    plans: sourceTotals,
    applications: sourceTotals,
    other: sourceTotals,
  }),
  mrr: decimal(),
  activeSubscriptions: z.int(),
  churn30: z.nullable(z.number()),
});
const dailyRevenue: z.ZodMiniType<DailyRevenue[]> = z.array(
  z.strictObject({ date: isoDate(), total: decimal(), testMode: z.boolean() }),
);

export const answers = [
  answer(getRevenueToday, revenueToday),
  answer(getRevenueSummary, revenueSummary),
  answer(listDailyRevenue, dailyRevenue),
];
