import crypto from 'node:crypto';
import type { PaymentProvider } from './types.js';
import { InvalidWebhookError } from './types.js';

/**
 * Test mode: no money moves. Intents live in our own `payment_intents` table (the payments
 * service keeps them), ids look like Stripe's so the rest of the flow is the same, and the
 * card form's outcome follows Stripe's test cards (`test-cards.ts`).
 */
export function createTestModeProvider(): PaymentProvider {
  return {
    kind: 'test',
    publishableKey: null,
    async startSubscriptionPayment() {
      const id = `pi_test_${crypto.randomBytes(12).toString('hex')}`;
      return {
        providerIntentId: id,
        clientSecret: `${id}_secret_${crypto.randomBytes(16).toString('hex')}`,
        providerSubscriptionId: null,
        providerCustomerId: null,
      };
    },
    retrieveIntent: async () => null,
    scheduleRenewal: async () => null,
    verifyWebhook() {
      throw new InvalidWebhookError('Webhooks are not used in test mode.');
    },
  };
}
