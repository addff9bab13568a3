/** Test mode's billing engine: the billing clock, renewals, retries, reminders and the client's own changes. */
export { createBillingService, type BillingDeps, type BillingService } from './service.js';
