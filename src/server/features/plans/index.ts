/** The plans on sale: the public list and the owners' plan and price settings. */
import type { FastifyInstance } from 'fastify';
import type { FeatureContext } from '../../context.js';
import { planAdminRoutes, planRoutes } from './routes.js';

export { createPlanCatalogue, type PlanCatalogue } from './service.js';

export async function register(app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  const { catalogue } = ctx.services;
  await app.register(planRoutes, { catalogue });
  await ctx.employeeOnly(planAdminRoutes, { db: ctx.db, catalogue });
}
