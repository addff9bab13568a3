/**
 * Every endpoint of the contract in one list, for the test that checks each one against the
 * server's route table (src/server/http/contract-endpoints.test.ts). The web app never imports
 * this file: it imports each endpoint from its feature's contract file, so that a page's bundle
 * holds only the endpoints it calls.
 */
import * as account from './auth/employee-account.js';
import * as activity from './activity/activity.js';
import * as applications from './applications/applications.js';
import * as revenue from './revenue/revenue.js';
import * as auth from './auth/auth.js';
import * as billing from './billing/billing.js';
import * as businesses from './businesses/businesses.js';
import * as checkout from './payments/checkout.js';
import * as clients from './clients/clients.js';
import * as clientTimeline from './clients/timeline.js';
import * as consultations from './consultations/consultations.js';
import * as employees from './employees/employees.js';
import * as faqAdmin from './faq/admin.js';
import * as faq from './faq/faq.js';
import type { AnyEndpoint, HttpMethod } from './lib/endpoint.js';
import * as investors from './investors/investors.js';
import * as kickoff from './kickoff/kickoff.js';
import * as leads from './leads/leads.js';
import * as outbox from './notifications/outbox.js';
import * as onboarding from './onboarding/onboarding.js';
import * as payments from './payments/payments.js';
import * as planAdmin from './plans/admin.js';
import * as planList from './plans/list.js';
import * as portfolioAdmin from './portfolio/admin.js';
import * as portfolio from './portfolio/portfolio.js';
import * as projects from './projects/projects.js';
import * as registration from './registration/registration.js';
import * as signIn from './auth/sign-in.js';
import * as support from './support/support.js';
import * as uptime from './support/uptime.js';
import * as uploads from './uploads/uploads.js';
import * as websiteChecks from './leads/website-checks.js';

/** The contract files that define endpoints (registration.ts re-exports registration-fields.ts's). */
export const ENDPOINT_MODULES: Record<string, Record<string, unknown>> = {
  account,
  activity,
  applications,
  auth,
  billing,
  businesses,
  checkout,
  clients,
  'client-timeline': clientTimeline,
  consultations,
  employees,
  faq,
  'faq-admin': faqAdmin,
  investors,
  kickoff,
  leads,
  outbox,
  onboarding,
  payments,
  'plan-admin': planAdmin,
  'plan-list': planList,
  portfolio,
  'portfolio-admin': portfolioAdmin,
  projects,
  registration,
  revenue,
  'sign-in': signIn,
  support,
  uptime,
  uploads,
  'website-checks': websiteChecks,
};

const METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] satisfies HttpMethod[];

export function isEndpoint(value: unknown): value is AnyEndpoint {
  if (typeof value !== 'object' || value === null) return false;
  const { method, path } = value as Record<string, unknown>;
  return (
    typeof method === 'string' &&
    METHODS.includes(method) &&
    typeof path === 'string' &&
    path.startsWith('/api/')
  );
}

/** Each endpoint once, named `module.exportName`. */
export const ENDPOINTS: readonly { name: string; endpoint: AnyEndpoint }[] = Object.entries(
  ENDPOINT_MODULES,
).flatMap(([module, exports]) =>
  Object.entries(exports).flatMap(([name, value]) =>
    isEndpoint(value) ? [{ name: `${module}.${name}`, endpoint: value }] : [],
  ),
);
