import Stripe from 'stripe';
import type { PaymentStatus } from '../../../contract/payments.js';
import {
  CardDeclinedError,
  InvalidWebhookError,
  PaymentProviderError,
  ProviderRefusedError,
  planProductId,
  type CardOnFile,
  type IntentState,
  type PaymentEvent,
  type PaymentProvider,
  type RenewalPhase,
  type SchedulePhase,
  type SubscriptionManager,
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
      card: cardOf(intent.payment_method),
    };
  }

  /** A price for a phase or an item: the plan's product at this amount, per the plan's cycle. */
  async function priceData(plan: SchedulePhase['plan'], currency: string, unitAmount: number) {
    return { currency, product: await ensureProduct(plan), unit_amount: unitAmount, recurring: { interval: interval(plan.billingCycle) } };
  }

  async function releaseSchedule(scheduleId: string | null) {
    if (!scheduleId) return;
    try {
      await stripe.subscriptionSchedules.release(scheduleId);
    } catch (error) {
      // Already released or completed (by the Dashboard, or a retry of ours): nothing holds the subscription any more.
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    }
  }

  async function firstItem(providerSubscriptionId: string) {
    const subscription = await stripe.subscriptions.retrieve(providerSubscriptionId);
    const item = subscription.items.data[0];
    if (!item) throw new PaymentProviderError('This subscription has no item to change at Stripe.');
    return { subscription, item };
  }

  const subscriptions: SubscriptionManager = {
    async startCardSetup({ customerId, providerSubscriptionId }) {
      return guarded(async () => {
        const intent = await stripe.setupIntents.create({
          customer: customerId,
          usage: 'off_session',
          metadata: { subscription_id: providerSubscriptionId },
        });
        if (!intent.client_secret) throw new PaymentProviderError('Stripe did not return a card setup.');
        return { setupIntentId: intent.id, clientSecret: intent.client_secret };
      });
    },

    async finishCardSetup({ customerId, providerSubscriptionId, setupIntentId }) {
      return guarded(async () => {
        const intent = await stripe.setupIntents.retrieve(setupIntentId, { expand: ['payment_method'] });
        if (idOf(intent.customer) !== customerId) throw new ProviderRefusedError('This card setup is not for your subscription. Please enter the card again.');
        if (intent.status !== 'succeeded') throw new ProviderRefusedError('The new card is not confirmed yet. Please enter it again.');
        const paymentMethod = idOf(intent.payment_method);
        const card = cardOf(intent.payment_method);
        if (!paymentMethod || !card) throw new PaymentProviderError('Stripe did not return a card for this setup.');
        await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethod } });
        await stripe.subscriptions.update(providerSubscriptionId, { default_payment_method: paymentMethod });
        return card;
      });
    },

    async payOpenInvoice(providerSubscriptionId) {
      return guarded(async () => {
        const subscription = await stripe.subscriptions.retrieve(providerSubscriptionId, { expand: ['latest_invoice'] });
        const invoice = subscription.latest_invoice as Stripe.Invoice | null;
        if (!invoice?.id || invoice.status !== 'open') return 'none';
        try {
          const paid = await stripe.invoices.pay(invoice.id);
          return paid.status === 'paid' ? 'paid' : 'declined';
        } catch (error) {
          if (error instanceof Stripe.errors.StripeCardError) return 'declined';
          throw error;
        }
      });
    },

    async setPhases({ providerSubscriptionId, scheduleId, currency, phases }) {
      return guarded(async () => {
        // A fresh schedule each time: its first phase is the subscription as it is now, so the
        // new phases never rewrite a past one; without proration, nothing is charged for it.
        await releaseSchedule(scheduleId);
        if (phases.length === 0) return null;
        const schedule = await stripe.subscriptionSchedules.create({ from_subscription: providerSubscriptionId });
        const start = schedule.current_phase?.start_date ?? schedule.phases[0]?.start_date ?? 'now';
        await stripe.subscriptionSchedules.update(schedule.id, {
          end_behavior: 'release',
          proration_behavior: 'none',
          phases: await Promise.all(
            phases.map(async (phase, index) => ({
              ...(index === 0 ? { start_date: start } : {}),
              ...(phase.endsAt ? { end_date: Math.floor(phase.endsAt.getTime() / 1000) } : {}),
              items: [{ price_data: await priceData(phase.plan, currency, phase.priceCents) }],
              metadata: { plan_id: String(phase.plan.id) },
            })),
          ),
        });
        return schedule.id;
      });
    },

    async setCancelAtPeriodEnd({ providerSubscriptionId, scheduleId, cancel, reason }) {
      return guarded(async () => {
        // Stripe refuses cancel_at_period_end on a subscription that a schedule manages.
        if (cancel) await releaseSchedule(scheduleId);
        await stripe.subscriptions.update(providerSubscriptionId, {
          cancel_at_period_end: cancel,
          ...(cancel && reason ? { cancellation_details: { comment: reason.slice(0, 5000) } } : {}),
        });
      });
    },

    async cancelNow(providerSubscriptionId) {
      return guarded(async () => {
        await stripe.subscriptions.cancel(providerSubscriptionId);
      });
    },

    async previewUpgrade({ providerSubscriptionId, currency, plan, priceCents }) {
      return guarded(async () => {
        const { subscription, item } = await firstItem(providerSubscriptionId);
        const preview = await stripe.invoices.createPreview({
          customer: idOf(subscription.customer) ?? undefined,
          subscription: providerSubscriptionId,
          subscription_details: {
            items: [{ id: item.id, price_data: await priceData(plan, currency, priceCents) }],
            proration_behavior: 'always_invoice',
            proration_date: Math.floor(Date.now() / 1000),
          },
        });
        return preview.amount_due;
      });
    },

    async upgrade({ providerSubscriptionId, scheduleId, currency, plan, priceCents }) {
      return guarded(async () => {
        await releaseSchedule(scheduleId);
        const { item } = await firstItem(providerSubscriptionId);
        try {
          await stripe.subscriptions.update(providerSubscriptionId, {
            items: [{ id: item.id, price_data: await priceData(plan, currency, priceCents) }],
            proration_behavior: 'always_invoice',
            // Declined: Stripe makes no change at all, so the plan stays as it was.
            payment_behavior: 'error_if_incomplete',
            metadata: { plan_id: String(plan.id) },
          });
        } catch (error) {
          if (error instanceof Stripe.errors.StripeCardError) throw new CardDeclinedError(error.message);
          throw error;
        }
      });
    },

    async refund({ providerPaymentId, amountCents, idempotencyKey }) {
      return guarded(async () => {
        let paymentIntent = providerPaymentId.startsWith('pi_') ? providerPaymentId : null;
        if (providerPaymentId.startsWith('in_')) {
          const paid = await stripe.invoicePayments.list({ invoice: providerPaymentId, status: 'paid', limit: 1 });
          paymentIntent = idOf(paid.data[0]?.payment.payment_intent);
        }
        if (!paymentIntent) throw new PaymentProviderError('Stripe has no card payment for this invoice to refund.');
        const refund = await stripe.refunds.create({ payment_intent: paymentIntent, amount: amountCents, metadata: { reason: 'refund by the agency' } }, { idempotencyKey });
        return { refundId: refund.id };
      });
    },
  };

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
        return intentState(await stripe.paymentIntents.retrieve(providerIntentId, { expand: ['payment_method'] }));
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

    subscriptions,
  };
}

/** Calls Stripe, turning its errors into ours (a message safe to show). */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asProviderError(error);
  }
}

/** The card of an expanded PaymentMethod; null for an id alone or another kind of method. */
function cardOf(method: string | Stripe.PaymentMethod | null | undefined): CardOnFile | null {
  if (!method || typeof method === 'string' || !method.card) return null;
  const { brand, last4, exp_month: expMonth, exp_year: expYear } = method.card;
  return { brand, last4, expMonth, expYear };
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
        cancelAtPeriodEnd: subscription.cancel_at_period_end === true,
        canceledAt: fromUnix(subscription.ended_at ?? null),
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
      const line = invoice.lines?.data?.[0];
      return {
        ...head,
        kind: 'renewal_paid',
        invoiceId: invoice.id,
        providerSubscriptionId: subscriptionId,
        reason: invoice.billing_reason === 'subscription_update' ? 'proration' : 'renewal',
        amountCents: invoice.amount_paid,
        currency: invoice.currency,
        customerId: idOf(invoice.customer),
        paidAt: fromUnix(invoice.status_transitions.paid_at) ?? new Date(),
        periodStart: fromUnix(line?.period?.start),
        periodEnd: fromUnix(line?.period?.end),
      };
    }
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
      // A failed first payment is the checkout's (payment_intent.payment_failed); renewals are ours.
      if (!subscriptionId || !invoice.id || invoice.billing_reason === 'subscription_create') return { ...head, kind: 'ignored' };
      return {
        ...head,
        kind: 'renewal_failed',
        invoiceId: invoice.id,
        providerSubscriptionId: subscriptionId,
        amountCents: invoice.amount_due,
        currency: invoice.currency,
        attempt: invoice.attempt_count,
        nextAttemptAt: fromUnix(invoice.next_payment_attempt),
        message: 'Your card was declined.',
        failedAt: fromUnix(event.created) ?? new Date(),
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
