import type { FastifyInstance } from 'fastify';
import { requireOwner } from '../../http/guard.js';
import { HttpError } from '../../http/errors.js';
import { parseInput } from '../../http/validate.js';
import { clockAdvanceInput } from '../../../contract/billing/billing.js';
import { CLOCK_ONLY_IN_TEST_MODE } from './clock.js';
import type { BillingService } from './service.js';

/**
 * Test mode's billing clock, for owners (registered through the employee guard, which logs the
 * writes). With Stripe keys every route answers 404: Stripe's own test clocks do this there.
 */
export async function billingClockRoutes(
  app: FastifyInstance,
  options: { billing: BillingService; testMode: boolean },
): Promise<void> {
  const { billing, testMode } = options;
  const ownerInTestMode = (request: Parameters<typeof requireOwner>[0]) => {
    requireOwner(request);
    if (!testMode) throw new HttpError(404, CLOCK_ONLY_IN_TEST_MODE);
  };

  app.get('/api/billing/clock', async (request, reply) => {
    ownerInTestMode(request);
    reply.header('cache-control', 'no-store');
    return billing.clock.get();
  });

  app.post('/api/billing/clock/advance', async (request) => {
    ownerInTestMode(request);
    const { days } = parseInput(clockAdvanceInput, request.body, { days: 'Days' });
    const result = await billing.clock.advance(days);
    request.activity = {
      action: 'update',
      subject: 'billing clock',
      detail: { days, ...result.run },
    };
    return result;
  });

  app.post('/api/billing/clock/reset', async (request) => {
    ownerInTestMode(request);
    request.activity = { action: 'update', subject: 'billing clock', detail: { reset: true } };
    return billing.clock.reset();
  });
}
