/** Liveness and readiness for load balancers and orchestrators. */
import type { FastifyInstance } from 'fastify';
import { counterStoreInUse } from '../../adapters/shared-state/index.js';
import type { FeatureContext } from '../../context.js';
import { healthRoutes } from './routes.js';

export async function register(app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  await app.register(healthRoutes, {
    database: ctx.database,
    counters: () => counterStoreInUse(ctx.counters),
    draining: () => app.lifecycle.draining,
    ...(ctx.config.stripe ? { stripeWebhooks: ctx.services.stripeWebhooks.state } : {}),
  });
}
