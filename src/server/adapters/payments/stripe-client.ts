import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import {
  PaymentProviderError,
  planProductId,
  type SchedulePhase,
  type SubscriptionPaymentRequest,
} from './types.js';

/** The API version this code and the SDK's types are written for; webhooks must be rendered in it (decision 024). */
export const STRIPE_API_VERSION: string = Stripe.API_VERSION;

export interface StripeOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Another API address (stripe-mock, a test's fake); Stripe's own when unset. */
  apiBase?: string;
}

/** The SDK client: Stripe's API, or another address (stripe-mock, a test's fake). */
export function createStripeClient(options: StripeOptions): Stripe {
  const base = options.apiBase ? new URL(options.apiBase) : undefined;
  return new Stripe(options.secretKey, {
    // A customer waits on these calls: at most two tries of 10 s (the SDK's default is 80 s).
    maxNetworkRetries: 1,
    timeout: 10_000,
    appInfo: { name: 'veteran-web-agency' },
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port) || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}

/** What the adapter's parts share: the SDK client and the plans' products and prices. */
export interface StripeContext {
  stripe: Stripe;
  ensureProduct: (plan: SubscriptionPaymentRequest['plan']) => Promise<string>;
  interval: (billingCycle: string) => 'month' | 'year';
  priceData: (
    plan: SchedulePhase['plan'],
    currency: string,
    unitAmount: number,
  ) => Promise<{
    currency: string;
    product: string;
    unit_amount: number;
    recurring: { interval: 'month' | 'year' };
  }>;
}

export function createStripeContext(stripe: Stripe): StripeContext {
  const products = new Map<string, Promise<string>>();

  /** One Stripe product per plan, with a stable id, created the first time it is needed. */
  function ensureProduct(plan: SubscriptionPaymentRequest['plan']): Promise<string> {
    const id = planProductId(plan.name);
    let pending = products.get(id);
    if (!pending) {
      pending = stripe.products
        .retrieve(id)
        .then((p) => p.id)
        .catch(async (error: unknown) => {
          if (!(error instanceof Stripe.errors.StripeError) || error.statusCode !== 404)
            throw error;
          const params = { id, name: plan.displayName };
          const created = await stripe.products.create(params, {
            idempotencyKey: keyFor(`product-${id}`, params),
          });
          return created.id;
        });
      pending.catch(() => products.delete(id));
      products.set(id, pending);
    }
    return pending;
  }

  const interval = (billingCycle: string): 'month' | 'year' =>
    billingCycle === 'year' ? 'year' : 'month';

  /** A price for a phase or an item: the plan's product at this amount, per the plan's cycle. */
  async function priceData(plan: SchedulePhase['plan'], currency: string, unitAmount: number) {
    return {
      currency,
      product: await ensureProduct(plan),
      unit_amount: unitAmount,
      recurring: { interval: interval(plan.billingCycle) },
    };
  }

  return { stripe, ensureProduct, interval, priceData };
}

/**
 * An idempotency key that also names the request's parameters: Stripe answers 400
 * (`idempotency_error`) when a key is sent again with other parameters, so a retry with new
 * inputs (a changed price, a later phase date) is a new request, and the same request keeps its key.
 */
export function keyFor(base: string, params: object): string {
  return `${base}-${createHash('sha256').update(JSON.stringify(params)).digest('hex').slice(0, 16)}`;
}

/** Calls Stripe, turning its errors into ours (a message safe to show). */
export async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asProviderError(error);
  }
}

/** A Stripe error as ours (its message is safe to show); anything else as it is. */
export function asProviderError(error: unknown): Error {
  if (error instanceof PaymentProviderError) return error;
  if (error instanceof Stripe.errors.StripeError) {
    return Object.assign(new PaymentProviderError(error.message), { cause: error });
  }
  return error instanceof Error ? error : new Error(String(error));
}
