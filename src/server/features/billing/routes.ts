import type { FastifyInstance } from 'fastify';
import { requireOwner } from '../../http/guard.js';
import { HttpError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import {
  advanceBillingClock,
  clockAdvanceInput,
  getBillingClock,
  resetBillingClock,
} from '../../../contract/billing/billing.js';
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
  // Before the body is read: a non-owner learns nothing of what the body should be.
  app.addHook('preHandler', async (request) => {
    requireOwner(request);
    if (!testMode) throw new HttpError(404, CLOCK_ONLY_IN_TEST_MODE);
  });

  route(app, getBillingClock, {}, async () => billing.clock.get());

  route(
    app,
    advanceBillingClock,
    { body: clockAdvanceInput, labels: { days: 'Days' } },
    async ({ body: { days } }, request) => {
      const result = await billing.clock.advance(days);
      request.activity = {
        action: 'update',
        subject: 'billing clock',
        detail: { days, ...result.run },
      };
      return result;
    },
  );

  route(app, resetBillingClock, {}, async (_input, request) => {
    request.activity = { action: 'update', subject: 'billing clock', detail: { reset: true } };
    return billing.clock.reset();
  });
}
