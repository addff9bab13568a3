/**
 * Every endpoint of the contract in one list, for the test that checks each one against the
 * server's route table (src/server/http/contract-endpoints.test.ts). The web app never imports
 * this file: it imports each endpoint from its feature's contract file, so that a page's bundle
 * holds only the endpoints it calls.
 */
import * as account from './account.js';
import * as activity from './activity.js';
import * as applications from './applications.js';
import * as auth from './auth.js';
import * as billing from './billing.js';
import * as businesses from './businesses.js';
import * as checkout from './checkout.js';
import * as clients from './clients.js';
import * as employees from './employees.js';
import type { AnyEndpoint, HttpMethod } from './endpoint.js';
import * as investors from './investors.js';
import * as leads from './leads.js';
import * as outbox from './outbox.js';
import * as planAdmin from './plan-admin.js';
import * as planList from './plan-list.js';
import * as portfolioAdmin from './portfolio-admin.js';
import * as portfolio from './portfolio.js';
import * as registration from './registration.js';
import * as signIn from './sign-in.js';
import * as uploads from './uploads.js';
import * as websiteChecks from './website-checks.js';

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
  employees,
  investors,
  leads,
  outbox,
  'plan-admin': planAdmin,
  'plan-list': planList,
  portfolio,
  'portfolio-admin': portfolioAdmin,
  registration,
  'sign-in': signIn,
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
