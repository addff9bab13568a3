/** Test mode's billing engine: the billing clock, renewals, retries, reminders and the client's own changes. */
import type { FastifyInstance } from 'fastify';
import type { FeatureContext } from '../../context.js';
import { createBillingJob } from './job.js';
import { billingClockRoutes } from './routes.js';

export { createBillingService, type BillingDeps, type BillingService } from './service.js';

/** The billing clock (test mode) and the run that renews, retries and reminds. */
export async function register(_app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  const { billing, testMode } = ctx.services;
  ctx.jobs.add('billing run', createBillingJob({ db: ctx.db, billing, log: ctx.log, testMode }));
  await ctx.employeeOnly(billingClockRoutes, { billing, testMode });
}
