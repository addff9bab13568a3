/** Monitoring: the Prometheus endpoint (README, Monitoring) and, when configured, OpenTelemetry traces. */
import type { FastifyInstance } from 'fastify';
import { counterStoreInUse } from '../../adapters/shared-state/index.js';
import type { FeatureContext } from '../../context.js';
import { countJobs, watchDatabase, watchOutbox, watchReadiness } from './collectors.js';
import { metricsListener, metricsRoute } from './exposure.js';
import { countRequests } from './requests.js';
import { traceRequests } from './tracing.js';

export { createMetrics, type Metrics } from './recorder.js';
export { refusedPerAccount } from './requests.js';

/**
 * Registers first, so that its hooks see every route. Without METRICS_TOKEN and METRICS_PORT it
 * adds nothing (no hook, no route: /metrics is a 404) and requests pay nothing for it.
 */
export async function register(app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  const { config } = ctx;
  if (config.tracing) await traceRequests(app, config.tracing);
  const registry = ctx.services.metrics.registry;
  if (!registry) return;
  countRequests(app, registry);
  countJobs(ctx.jobs, registry);
  const stopWatching = watchDatabase(ctx.database, registry);
  app.addHook('onClose', async () => stopWatching());
  watchOutbox(ctx.db, registry);
  watchReadiness(registry, {
    database: ctx.database,
    redis: config.redis ? () => counterStoreInUse(ctx.counters) === 'redis' : undefined,
  });
  const { token, port, host } = config.metrics;
  if (token !== undefined) metricsRoute(app, registry, token);
  if (port !== undefined) metricsListener(app, registry, { port, host, token });
}
