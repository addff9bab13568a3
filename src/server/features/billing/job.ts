import type { FastifyBaseLogger } from 'fastify';
import { runOnceAcrossInstances } from '../../adapters/shared-state/schedule.js';
import type { Db } from '../../db/client.js';
import type { BillingService } from './service.js';

const FIVE_MINUTES_MS = 5 * 60 * 1000;

/**
 * Renewals, retries and reminders every five minutes, once across all instances. Test mode
 * only: with Stripe keys Stripe bills, so the job never starts (and runDue would skip anyway).
 */
export function createBillingJob(options: {
  db: Db;
  billing: BillingService;
  log: FastifyBaseLogger;
  testMode: boolean;
  intervalMs?: number;
}) {
  const job = runOnceAcrossInstances({
    db: options.db,
    name: 'billing-run',
    everyMs: options.intervalMs ?? FIVE_MINUTES_MS,
    run: async () => {
      const result = await options.billing.runDue();
      if (Object.values(result).some((n) => n > 0))
        options.log.info({ billing: result }, 'billing run');
    },
    onError: (error) => options.log.error({ err: error }, 'billing run failed'),
  });
  return {
    start: () => {
      if (options.testMode) job.start();
    },
    stop: () => job.stop(),
    onRun: job.onRun,
  };
}
