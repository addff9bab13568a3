import Stripe from 'stripe';
import type { PaymentStatus } from '../../../contract/payments.js';
import {
  InvalidWebhookError,
  PaymentProviderError,
  planProductId,
  type IntentState,
  type PaymentEvent,
  type PaymentProvider,
  type RenewalPhase,
  type SubscriptionPaymentRequest,
} from './types.js';

export interface StripeOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Another API address (stripe-mock, a test's fake); Stripe's own when unset. */
  apiBase?: string;
}

const SUBSCRIPTION_STATUS: Record<string, 'incomplete' | 'active' | 'past_due' | 'canceled'> = {
  incomplete: 'incomplete',
  trialing: 'active',
  active: 'active',
  past_due: 'past_due',
  unpaid: 'past_due',
  paused: 'past_due',
  canceled: 'canceled',
  incomplete_expired: 'canceled',
};

const idOf = (value: string | { id: string } | null | undefined) => (value == null ? null : typeof value === 'string' ? value : value.id);
const fromUnix = (seconds: number | null | undefined) => (seconds == null ? null : new Date(seconds * 1000));

/** Stripe, through the official SDK: a Subscription per plan purchase, signed webhooks. */
export function createStripeProvider(options: StripeOptions): PaymentProvider {
  const base = options.apiBase ? new URL(options.apiBase) : undefined;
  const stripe = new Stripe(options.secretKey, {
    // A customer waits on these calls: at most two tries of 10 s (the SDK's default is 80 s).
    maxNetworkRetries: 1,
    timeout: 10_000,
    appInfo: { name: 'veteran-web-agency' },
    ...(base
      ? { host: base.hostname, port: Number(base.port) || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol === 'http:' ? 'http' : 'https' }
      : {}),
  });
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
          if (!(error instanceof Stripe.errors.StripeError) || error.statusCode !== 404) throw error;
          const created = await stripe.products.create({ id, name: plan.displayName }, { idempotencyKey: `product-${id}` });
          return created.id;
        });
      pending.catch(() => products.delete(id));
      products.set(id, pending);
    }
    return pending;
  }

  const interval = (billingCycle: string): 'month' | 'year' => (billingCycle === 'year' ? 'year' : 'month');

  function intentState(intent: Stripe.PaymentIntent): IntentState {
    const status: PaymentStatus =
      intent.status === 'succeeded'
        ? 'succeeded'
        : intent.status === 'processing'
          ? 'processing'
          : intent.status === 'canceled'
            ? 'canceled'
            : 'requires_payment_method';
    return {
      id: intent.id,
      status,
      amountCents: intent.amount_received || intent.amount,
      currency: intent.currency,
      customerId: idOf(intent.customer),
      errorMessage: intent.last_payment_error?.message ?? null,
      paidAt: fromUnix(intent.created) ?? new Date(),
      livemode: intent.livemode === true,
    };
  }

  return {
    kind: 'stripe',
    publishableKey: options.publishableKey,

    async startSubscriptionPayment(request) {
      try {
        const key = request.idempotencyKey;
        const customer = await stripe.customers.create(
          request.customer
            ? { email: request.customer.email, name: request.customer.name, metadata: { registration_id: request.customer.registrationId } }
            : {},
          { idempotencyKey: `${key}-customer` },
        );
        const product = await ensureProduct(request.plan);
        const subscription = await stripe.subscriptions.create(
          {
            customer: customer.id,
            items: [
              {
                price_data: {
                  currency: request.currency,
                  product,
                  unit_amount: request.amountCents,
                  recurring: { interval: interval(request.plan.billingCycle) },
                },
              },
            ],
            payment_behavior: 'default_incomplete',
            payment_settings: { save_default_payment_method: 'on_subscription' },
            metadata: { plan_id: String(request.plan.id), registration_id: request.customer?.registrationId ?? '' },
            expand: ['latest_invoice.confirmation_secret'],
          },
          { idempotencyKey: `${key}-subscription` },
        );
        const invoice = subscription.latest_invoice as Stripe.Invoice | null;
        const clientSecret = invoice?.confirmation_secret?.client_secret;
        if (!clientSecret) throw new PaymentProviderError('Stripe did not return a payment for the first invoice.');
        return {
          // A PaymentIntent's client secret starts with its id: 'pi_..._secret_...'.
          providerIntentId: clientSecret.split('_secret_')[0]!,
          clientSecret,
          providerSubscriptionId: subscription.id,
          providerCustomerId: customer.id,
        };
      } catch (error) {
        throw asProviderError(error);
      }
    },

    async retrieveIntent(providerIntentId) {
      try {
        return intentState(await stripe.paymentIntents.retrieve(providerIntentId));
      } catch (error) {
        throw asProviderError(error);
      }
    },

    async scheduleRenewal(phase: RenewalPhase) {
      try {
        const product = await ensureProduct(phase.plan);
        const recurring = { interval: interval(phase.plan.billingCycle) };
        const schedule = await stripe.subscriptionSchedules.create(
          { from_subscription: phase.providerSubscriptionId },
          { idempotencyKey: `${phase.idempotencyKey}-schedule` },
        );
        await stripe.subscriptionSchedules.update(
          schedule.id,
          {
            end_behavior: 'release',
            phases: [
              {
                start_date: schedule.phases[0]?.start_date ?? 'now',
                duration: { interval: 'month', interval_count: phase.firstPhaseMonths },
                items: [{ price_data: { currency: phase.currency, product, unit_amount: phase.priceCents, recurring } }],
              },
              { items: [{ price_data: { currency: phase.currency, product, unit_amount: phase.renewalPriceCents, recurring } }] },
            ],
          },
          { idempotencyKey: `${phase.idempotencyKey}-schedule-phases` },
        );
        return schedule.id;
      } catch (error) {
        throw asProviderError(error);
      }
    },

    /** Paid invoices and charges since a date, read as the webhook would have (revenue:sync). */
    async *paidSince(since: Date): AsyncGenerator<PaymentEvent> {
      const created = { gte: Math.floor(since.getTime() / 1000) };
      try {
        for await (const invoice of stripe.invoices.list({ status: 'paid', created, limit: 100 })) {
          yield readEvent(
            { id: `sync_${invoice.id}`, type: 'invoice.paid', created: invoice.created, livemode: invoice.livemode, data: { object: invoice } } as Stripe.Event,
            intentState,
          );
        }
        for await (const charge of stripe.charges.list({ created, limit: 100 })) {
          if (charge.status !== 'succeeded') continue;
          yield readEvent(
            { id: `sync_${charge.id}`, type: 'charge.succeeded', created: charge.created, livemode: charge.livemode, data: { object: charge } } as Stripe.Event,
            intentState,
          );
        }
      } catch (error) {
        throw asProviderError(error);
      }
    },

    verifyWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', options.webhookSecret);
      } catch (error) {
        throw new InvalidWebhookError(error instanceof Error ? error.message : 'The signature does not verify.');
      }
      return readEvent(event, intentState);
    },
  };
}

function readEvent(event: Stripe.Event, intentState: (intent: Stripe.PaymentIntent) => IntentState): PaymentEvent {
  // Stripe marks every object and event live or test; the object's own mark is what was paid.
  const object = event.data.object as { livemode?: boolean };
  const head = { id: event.id, type: event.type, createdAt: fromUnix(event.created) ?? new Date(), livemode: (object.livemode ?? event.livemode) === true };
  switch (event.type) {
    case 'payment_intent.succeeded':
      return { ...head, kind: 'payment_succeeded', intent: intentState(event.data.object) };
    case 'payment_intent.payment_failed':
      return {
        ...head,
        kind: 'payment_failed',
        intentId: event.data.object.id,
        message: event.data.object.last_payment_error?.message ?? 'The payment failed.',
      };
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      const item = subscription.items.data[0];
      return {
        ...head,
        kind: 'subscription_changed',
        providerSubscriptionId: subscription.id,
        status: SUBSCRIPTION_STATUS[subscription.status] ?? 'past_due',
        currentPeriodStart: fromUnix(item?.current_period_start),
        currentPeriodEnd: fromUnix(item?.current_period_end),
      };
    }
    case 'charge.succeeded': {
      // A one-off sale of an application: its checkout names the product in metadata. Charges of
      // invoices carry none and are booked from invoice.paid instead, so nothing counts twice.
      const charge = event.data.object;
      const productId = charge.metadata?.product_id;
      if (!productId || productId.startsWith('plan_')) return { ...head, kind: 'ignored' };
      return {
        ...head,
        kind: 'product_paid',
        paymentId: charge.id,
        productId,
        amountCents: charge.amount_captured || charge.amount,
        currency: charge.currency,
        customerId: idOf(charge.customer),
        customerEmail: charge.billing_details?.email ?? charge.receipt_email ?? null,
        paidAt: fromUnix(charge.created) ?? new Date(),
      };
    }
    case 'invoice.paid': {
      const invoice = event.data.object;
      const productId = invoiceProduct(invoice);
      if (productId && !productId.startsWith('plan_')) {
        return {
          ...head,
          kind: 'product_paid',
          paymentId: invoice.id,
          productId,
          amountCents: invoice.amount_paid,
          currency: invoice.currency,
          customerId: idOf(invoice.customer),
          customerEmail: invoice.customer_email ?? null,
          paidAt: fromUnix(invoice.status_transitions.paid_at) ?? new Date(),
        };
      }
      const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
      // The first invoice is booked from its PaymentIntent; later ones (renewals) from here.
      if (!subscriptionId || invoice.billing_reason === 'subscription_create') return { ...head, kind: 'ignored' };
      return {
        ...head,
        kind: 'renewal_paid',
        invoiceId: invoice.id,
        providerSubscriptionId: subscriptionId,
        amountCents: invoice.amount_paid,
        currency: invoice.currency,
        customerId: idOf(invoice.customer),
        paidAt: fromUnix(invoice.status_transitions.paid_at) ?? new Date(),
      };
    }
    default:
      return { ...head, kind: 'ignored' };
  }
}

/** The product of an invoice's first line (the plan for ours, an application's for the others). */
function invoiceProduct(invoice: Stripe.Invoice): string | null {
  const line = invoice.lines?.data?.[0];
  return idOf(line?.pricing?.price_details?.product) ?? null;
}

function asProviderError(error: unknown): Error {
  if (error instanceof PaymentProviderError) return error;
  if (error instanceof Stripe.errors.StripeError) {
    return Object.assign(new PaymentProviderError(error.message), { cause: error });
  }
  return error instanceof Error ? error : new Error(String(error));
}
