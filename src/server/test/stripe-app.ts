import { afterAll } from 'vitest';
import Stripe from 'stripe';
import { appUnderTest, type AppUnderTestOptions } from './app-under-test.js';
import type { TestDatabaseKind } from './databases.js';
import { testConfig } from './databases.js';
import { startFakeStripe, type FakeStripe } from './fake-stripe.js';

export const STRIPE_WEBHOOK_SECRET = 'whsec_test_secret';
const signer = new Stripe('sk_test_fake');

/**
 * The app with Stripe test keys against the local fake Stripe, and what tests do with it:
 * register a business, start its payment, deliver signed webhook events.
 */
export function stripeAppUnderTest(
  kind: TestDatabaseKind,
  options: Omit<AppUnderTestOptions, 'config'> = {},
) {
  const state = {} as { fake: FakeStripe };
  afterAll(() => state.fake?.close());
  const ctx = appUnderTest(kind, async () => {
    state.fake = await startFakeStripe();
    const config = testConfig({
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      STRIPE_WEBHOOK_SECRET,
      STRIPE_API_BASE: state.fake.url,
    });
    return { role: null, registrationRateLimit: 1000, paymentRateLimit: 1000, ...options, config };
  });

  const register = async (registration: {
    businessName: string;
    ownerName: string;
    email: string;
    businessType: string;
    subscriptionPlan: string;
  }) =>
    (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/business-registration',
        payload: registration,
      })
    ).json<{ id: string }>().id;
  const start = async (planId: number, registrationId: string) =>
    (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        payload: { planId, registrationId },
      })
    ).json<{
      clientSecret: string;
      paymentIntentId: string;
      provider: string;
      publishableKey: string;
    }>();
  const deliver = (event: object, signature?: string) => {
    const payload = JSON.stringify(event);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature':
          signature ??
          signer.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET }),
      },
      payload,
    });
  };
  /** A signed event as Stripe sends it, rendered in the pinned API version unless `apiVersion` says otherwise. */
  const event = (
    id: string,
    type: string,
    object: object,
    created = 1_790_000_000,
    apiVersion: string | null = Stripe.API_VERSION,
  ) => ({
    id,
    object: 'event',
    api_version: apiVersion,
    type,
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });
  const succeededIntent = (id: string, amount = 29_900, created = 1_790_000_000) => ({
    id,
    object: 'payment_intent',
    amount,
    amount_received: amount,
    currency: 'usd',
    customer: 'cus_x',
    status: 'succeeded',
    created,
    last_payment_error: null,
  });
  return {
    ctx,
    get fake() {
      return state.fake;
    },
    register,
    start,
    deliver,
    event,
    succeededIntent,
  };
}
