import type { Endpoint } from '../lib/endpoint.js';
import type { SubscriptionPlan } from './plans.js';

/**
 * The plans on offer: the one read the landing page, checkout and settings share. Apart from
 * plans.ts, which many pages import for its helpers: there, this endpoint made the bundler split
 * plans.ts into a chunk of its own that the landing page then loaded first (bench:web).
 */
export const listPlans: Endpoint<SubscriptionPlan[]> = {
  method: 'GET',
  path: '/api/subscription-plans',
};
