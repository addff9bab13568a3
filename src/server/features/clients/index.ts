/** Clients: the subscribed businesses, and the team's billing actions on them. */
import type { FastifyInstance } from 'fastify';
import type { FeatureContext } from '../../context.js';
import { clientBillingRoutes } from './billing-routes.js';
import { clientRoutes } from './routes.js';
import { createClientService } from './service.js';
import { createClientTimeline } from './timeline.js';

export async function register(_app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  await ctx.employeeOnly(clientRoutes, {
    clients: createClientService(ctx.db, ctx.config.timeZone),
    timeline: createClientTimeline(ctx.db),
  });
  await ctx.employeeOnly(clientBillingRoutes, { billing: ctx.services.billing });
}
