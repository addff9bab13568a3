import { createStripeCheckout } from './stripe-checkout.js';
import { createStripeClient, createStripeContext, type StripeOptions } from './stripe-client.js';
import { createStripeEvents } from './stripe-events.js';
import { scheduleRenewal } from './stripe-schedules.js';
import { createStripeSubscriptions } from './stripe-subscriptions.js';
import type { PaymentProvider } from './types.js';

export { STRIPE_API_VERSION, type StripeOptions } from './stripe-client.js';

/** Stripe, through the official SDK: a Subscription per plan purchase, signed webhooks. */
export function createStripeProvider(options: StripeOptions): PaymentProvider {
  const context = createStripeContext(createStripeClient(options));
  return {
    kind: 'stripe',
    publishableKey: options.publishableKey,
    ...createStripeCheckout(context),
    scheduleRenewal: (phase) => scheduleRenewal(context, phase),
    ...createStripeEvents(context.stripe, options.webhookSecret),
    subscriptions: createStripeSubscriptions(context),
  };
}
