import type { Config } from '../../config.js';
import { createStripeProvider } from './stripe.js';
import { createTestModeProvider } from './test-mode.js';
import type { PaymentProvider } from './types.js';

export type { PaymentProvider } from './types.js';

/**
 * True when the product takes real money: Stripe keys that are not test keys. Without keys, or
 * with `sk_test_…`/`rk_test_…`, it runs in test mode. An unknown prefix counts as live, so test
 * money is never shown as real (docs/decisions/008-money-that-stays-right.md).
 */
export function takesRealMoney(config: Pick<Config, 'stripe'>): boolean {
  return config.stripe !== undefined && !/^(sk|rk)_test_/.test(config.stripe.secretKey);
}

/** Stripe when its three keys are set (config checks they come together); test mode otherwise. */
export function createPaymentProvider(config: Config): PaymentProvider {
  return config.stripe ? createStripeProvider(config.stripe) : createTestModeProvider();
}
