import * as z from 'zod/mini';
import { blankToUndefined, logoAddress, webAddress } from '../lib/text-fields.js';
import type { Endpoint } from '../lib/endpoint.js';

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

/** What the browser sends for an application: blank optional values left out. */
export type ApplicationPayload = z.input<typeof applicationInput>;

// The applications dashboard (employees only).
export const listApplications: Endpoint<Application[]> = {
  method: 'GET',
  path: '/api/applications',
};
export const getApplication: Endpoint<Application> = {
  method: 'GET',
  path: '/api/applications/:id',
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
