import type { Config } from '../../config.js';
import { createStripeProvider } from './stripe.js';
import { createTestModeProvider } from './test-mode.js';
import type { PaymentProvider } from './types.js';

export type { PaymentProvider } from './types.js';

/** Stripe when its three keys are set (config checks they come together); test mode otherwise. */
export function createPaymentProvider(config: Config): PaymentProvider {
  return config.stripe ? createStripeProvider(config.stripe) : createTestModeProvider();
}
