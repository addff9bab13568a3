import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import type { Config } from '../../config.js';

/**
 * What the rest of the app records into the metrics. One registry per app, never prom-client's
 * global one: tests build several apps in one process and each counts its own requests.
 */
export interface Metrics {
  /** Undefined unless /metrics is exposed (METRICS_TOKEN or METRICS_PORT): then nothing is counted. */
  registry: Registry | undefined;
  /** A provider's event was applied (or found a duplicate): how long after the provider created it. */
  webhookProcessed(provider: string, createdAt: Date, outcome: string): void;
}

/** Stripe retries a refused event for up to three days: the buckets reach that far. */
const WEBHOOK_LAG_BUCKETS = [1, 5, 15, 30, 60, 120, 300, 900, 3600, 6 * 3600, 24 * 3600, 72 * 3600];

export function createMetrics(config: Config): Metrics {
  if (config.metrics.token === undefined && config.metrics.port === undefined)
    return { registry: undefined, webhookProcessed: () => {} };
  const registry = new Registry();
  // Node's own: CPU, memory, event-loop delay, garbage collection, open handles (standard names).
  collectDefaultMetrics({ register: registry });
  const webhookLag = new Histogram({
    name: 'agency_webhook_lag_seconds',
    help: 'Time from the provider creating a webhook event to this server having applied it.',
    labelNames: ['provider', 'outcome'],
    buckets: WEBHOOK_LAG_BUCKETS,
    registers: [registry],
  });
  return {
    registry,
    webhookProcessed(provider, createdAt, outcome) {
      const seconds = Math.max(0, (Date.now() - createdAt.getTime()) / 1000);
      webhookLag.observe({ provider, outcome }, seconds);
    },
  };
}
