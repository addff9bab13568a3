import type { Feature } from '../context.js';
import * as account from './account/index.js';
import * as activity from './activity/index.js';
import * as applications from './applications/index.js';
import * as auth from './auth/index.js';
import * as billing from './billing/index.js';
import * as businesses from './businesses/index.js';
import * as clients from './clients/index.js';
import * as consultations from './consultations/index.js';
import * as employees from './employees/index.js';
import * as faq from './faq/index.js';
import * as health from './health/index.js';
import * as investors from './investors/index.js';
import * as kickoff from './kickoff/index.js';
import * as leads from './leads/index.js';
import * as metrics from './metrics/index.js';
import * as notifications from './notifications/index.js';
import * as onboarding from './onboarding/index.js';
import * as payments from './payments/index.js';
import * as plans from './plans/index.js';
import * as portfolio from './portfolio/index.js';
import * as projects from './projects/index.js';
import * as registration from './registration/index.js';
import * as site from './site/index.js';
import * as support from './support/index.js';
import * as uploads from './uploads/index.js';

/**
 * Every feature, in the order it registers: metrics first (its hooks time every route), then the
 * public ones (health, sign-in, the public site, checkout, the billing page); each puts its admin
 * routes behind `ctx.employeeOnly`.
 */
export const FEATURES: Feature[] = [
  metrics,
  health,
  auth,
  site,
  plans,
  portfolio,
  faq,
  uploads,
  registration,
  payments,
  account,
  activity,
  employees,
  applications,
  investors,
  leads,
  businesses,
  clients,
  onboarding,
  consultations,
  notifications,
  billing,
  kickoff,
  projects,
  support,
];

/** The public site's page data, for server rendering. */
export { site };
