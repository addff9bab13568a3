import * as z from 'zod/mini';
import { isHttpUrl, isSitePath } from './web-address.js';
import type { Endpoint } from './endpoint.js';

export const APPLICATION_STATUSES = ['active', 'deployment'] as const;
/** The fixed set of icons an application without a logo can show (spec default: mobile-alt). */
export const ICON_TYPES = [
  'mobile-alt',
  'globe',
  'shopping-cart',
  'chart-line',
  'users',
  'briefcase',
  'heart',
  'utensils',
] as const;
export const DEFAULT_ICON_COLOR = '#3B82F6';
export const DEFAULT_ICON_TYPE = 'mobile-alt';

const blankToUndefined = (label: string, max: number) =>
  z
    .pipe(
      z.optional(z.nullable(z.string(`${label} must be text`))),
      z.transform((v) => (v == null || v.trim() === '' ? undefined : v.trim())),
    )
    .check(
      z.refine(
        (v) => v === undefined || v.length <= max,
        `${label} must be at most ${max} characters`,
      ),
    );
const webAddress = (message: string) =>
  z.string(message).check(
    z.trim(),
    z.minLength(1, message),
    z.maxLength(2048, 'The address must be at most 2048 characters'),
    z.refine(
      (v) => v === '' || isHttpUrl(v),
      'Enter a web address starting with http:// or https://',
    ),
  );

/** A logo is an http(s) URL or a path on this site (local-disk uploads, demo logos); the service checks it is ours. */
const logoAddress = () =>
  blankToUndefined('Logo URL', 2048).check(
    z.refine(
      (v) => v === undefined || isHttpUrl(v) || isSitePath(v),
      'Logo URL must be a web address starting with http:// or https://',
    ),
  );

/** docs/product.md §5: name and URL required after trimming; the rest optional, blank means not given. */
export const applicationInput = z.object({
  name: z
    .string('Please provide an application name')
    .check(
      z.trim(),
      z.minLength(1, 'Please provide an application name'),
      z.maxLength(120, 'The name must be at most 120 characters'),
    ),
  url: webAddress('Please provide an application URL'),
  description: blankToUndefined('Description', 1000),
  status: z._default(z.enum(APPLICATION_STATUSES, 'Status must be active or deployment'), 'active'),
  logoUrl: logoAddress(),
  iconColor: z._default(
    z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, 'Icon colour must look like #3B82F6')),
    DEFAULT_ICON_COLOR,
  ),
  iconType: z._default(
    z.enum(ICON_TYPES, `Icon must be one of: ${ICON_TYPES.join(', ')}`),
    DEFAULT_ICON_TYPE,
  ),
  stripeProductId: blankToUndefined('Stripe product id', 100).check(
    z.refine(
      (v) => v === undefined || /^[A-Za-z0-9_-]+$/.test(v),
      'The Stripe product id looks like prod_ABC123',
    ),
  ),
});
export type ApplicationInput = z.output<typeof applicationInput>;

/** docs/product.md §3's application; revenue from the payments ledger. */
export interface Application {
  id: number;
  name: string;
  url: string;
  description: string | null;
  status: (typeof APPLICATION_STATUSES)[number];
  logoUrl: string | null;
  iconColor: string;
  iconType: string;
  stripeProductId: string | null;
  /** Today's revenue in the agency's time zone, decimal string. */
  dailyRevenue: string;
  /** Since Monday, decimal string. */
  weeklyRevenue: string;
  /** Distinct paying customers of its product, ever. */
  totalUsers: number;
  /** True while the product runs in test mode: the revenue figures above are test money. */
  testMode: boolean;
  createdAt: string;
}

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

export const portfolioInput = z.object({
  websiteName: z
    .string('Please provide website name and URL')
    .check(
      z.trim(),
      z.minLength(1, 'Please provide website name and URL'),
      z.maxLength(120, 'The name must be at most 120 characters'),
    ),
  websiteUrl: webAddress('Please provide website name and URL'),
  description: blankToUndefined('Description', 1000),
  logoUrl: logoAddress(),
});
export type PortfolioInput = z.output<typeof portfolioInput>;

/** What the browser sends for an application: blank optional values left out. */
export type ApplicationPayload = z.input<typeof applicationInput>;

// The applications dashboard (employees only).
export const listApplications: Endpoint<Application[]> = {
  method: 'GET',
  path: '/api/applications',
};
export const createApplication: Endpoint<Application, ApplicationPayload> = {
  method: 'POST',
  path: '/api/applications',
};
export const updateApplication: Endpoint<Application, ApplicationPayload> = {
  method: 'PUT',
  path: '/api/applications/:id',
};
export const deleteApplication: Endpoint<undefined> = {
  method: 'DELETE',
  path: '/api/applications/:id',
};
export const getRevenueSummary: Endpoint<RevenueSummary> = {
  method: 'GET',
  path: '/api/revenue/summary',
};
export const listDailyRevenue: Endpoint<DailyRevenue[], undefined, { days: number }> = {
  method: 'GET',
  path: '/api/revenue/daily',
};
