import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import type { PaymentStatus } from '../../../contract/payments/payments.js';
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
  type ProviderActionRequired,
  type RenewalPhase,
  type ScheduledRenewal,
  type SchedulePhase,
  type SubscriptionManager,
  type SubscriptionPaymentRequest,
  WrongApiVersionError,
} from './types.js';
import { addMonths } from '../../lib/months.js';

/** The API version this code and the SDK's types are written for; webhooks must be rendered in it (decision 024). */
export const STRIPE_API_VERSION: string = Stripe.API_VERSION;

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

const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === 'string' ? value : value.id;
const fromUnix = (seconds: number | null | undefined) =>
  seconds == null ? null : new Date(seconds * 1000);

/**
 * An idempotency key that also names the request's parameters: Stripe answers 400
 * (`idempotency_error`) when a key is sent again with other parameters, so a retry with new
 * inputs (a changed price, a later phase date) is a new request, and the same request keeps its key.
 */
export function keyFor(base: string, params: object): string {
  return `${base}-${createHash('sha256').update(JSON.stringify(params)).digest('hex').slice(0, 16)}`;
}

/**
 * The subscription's period boundary nearest to `estimate`: the item's period start plus whole
 * months. The renewal price must begin exactly where Stripe starts a period, or month 13 is
 * billed at the intro price (a boundary one second after the phase change) or prorated.
 */
export function periodBoundaryNear(periodStart: Date, estimate: Date): Date {
  const months =
    (estimate.getUTCFullYear() - periodStart.getUTCFullYear()) * 12 +
    (estimate.getUTCMonth() - periodStart.getUTCMonth());
  const candidates = [months - 1, months, months + 1].map((k) =>
    addMonths(periodStart, Math.max(1, k)),
  );
  return candidates.reduce((best, c) =>
    Math.abs(c.getTime() - estimate.getTime()) < Math.abs(best.getTime() - estimate.getTime())
      ? c
      : best,
  );
}

/** Stripe, through the official SDK: a Subscription per plan purchase, signed webhooks. */
export function createStripeProvider(options: StripeOptions): PaymentProvider {
  const base = options.apiBase ? new URL(options.apiBase) : undefined;
  const stripe = new Stripe(options.secretKey, {
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

  function intentState(intent: Stripe.PaymentIntent, paidAt?: Date): IntentState {
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
      // When it was paid: the charge's time (an expanded latest_charge), else the succeeded event's; never the intent's creation.
      paidAt:
        (typeof intent.latest_charge === 'object'
          ? fromUnix(intent.latest_charge?.created)
          : null) ??
        paidAt ??
        new Date(),
      livemode: intent.livemode === true,
      card: cardOf(intent.payment_method),
    };
  }

  /** A price for a phase or an item: the plan's product at this amount, per the plan's cycle. */
  async function priceData(plan: SchedulePhase['plan'], currency: string, unitAmount: number) {
    return {
      currency,
      product: await ensureProduct(plan),
      unit_amount: unitAmount,
      recurring: { interval: interval(plan.billingCycle) },
    };
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

  /**
   * A schedule made from the subscription as it is now. One it already has that our row does not
   * know (a try that failed after Stripe made it, the Dashboard's) is released first: Stripe
   * refuses a second schedule, and that refusal would repeat on every try.
   */
  async function scheduleFrom(
    providerSubscriptionId: string,
  ): Promise<Stripe.SubscriptionSchedule> {
    try {
      return await stripe.subscriptionSchedules.create({
        from_subscription: providerSubscriptionId,
      });
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      const existing = idOf((await stripe.subscriptions.retrieve(providerSubscriptionId)).schedule);
      if (!existing) throw error;
      await releaseSchedule(existing);
      return stripe.subscriptionSchedules.create({ from_subscription: providerSubscriptionId });
    }
  }

  async function firstItem(providerSubscriptionId: string) {
    const subscription = await stripe.subscriptions.retrieve(providerSubscriptionId);
    const item = subscription.items.data[0];
    if (!item) throw new PaymentProviderError('This subscription has no item to change at Stripe.');
    return { subscription, item };
  }

  /**
   * The open invoice's PaymentIntent when it waits for the client to authenticate (3-D Secure):
   * `requires_action`, or an automatic attempt that failed with `authentication_required`.
   */
  async function authenticationOf(invoice: Stripe.Invoice): Promise<ProviderActionRequired | null> {
    const secret =
      invoice.confirmation_secret?.client_secret ??
      (await stripe.invoices.retrieve(invoice.id, { expand: ['confirmation_secret'] }))
        .confirmation_secret?.client_secret;
    if (!secret) return null;
    const intent = await stripe.paymentIntents.retrieve(secret.split('_secret_')[0]!);
    if (!needsAuthentication(intent) || !intent.client_secret) return null;
    return {
      status: 'requires_action',
      clientSecret: intent.client_secret,
      providerPaymentId: intent.id,
      providerInvoiceId: invoice.id,
    };
  }

  const subscriptions: SubscriptionManager = {
    async startCardSetup({ customerId, providerSubscriptionId }) {
      return guarded(async () => {
        const intent = await stripe.setupIntents.create({
          customer: customerId,
          usage: 'off_session',
          metadata: { subscription_id: providerSubscriptionId },
        });
        if (!intent.client_secret)
          throw new PaymentProviderError('Stripe did not return a card setup.');
        return { setupIntentId: intent.id, clientSecret: intent.client_secret };
      });
    },

    async finishCardSetup({ customerId, providerSubscriptionId, setupIntentId }) {
      return guarded(async () => {
        const intent = await stripe.setupIntents.retrieve(setupIntentId, {
          expand: ['payment_method'],
        });
        if (idOf(intent.customer) !== customerId)
          throw new ProviderRefusedError(
            'This card setup is not for your subscription. Please enter the card again.',
          );
        if (intent.status !== 'succeeded')
          throw new ProviderRefusedError(
            'The new card is not confirmed yet. Please enter it again.',
          );
        const paymentMethod = idOf(intent.payment_method);
        const card = cardOf(intent.payment_method);
        if (!paymentMethod || !card)
          throw new PaymentProviderError('Stripe did not return a card for this setup.');
        await stripe.customers.update(customerId, {
          invoice_settings: { default_payment_method: paymentMethod },
        });
        await stripe.subscriptions.update(providerSubscriptionId, {
          default_payment_method: paymentMethod,
        });
        return card;
      });
    },

    async payOpenInvoice(providerSubscriptionId) {
      return guarded(async () => {
        const subscription = await stripe.subscriptions.retrieve(providerSubscriptionId, {
          expand: ['latest_invoice.confirmation_secret'],
        });
        const invoice = subscription.latest_invoice as Stripe.Invoice | null;
        if (!invoice?.id || invoice.status !== 'open') return 'none';
        try {
          const paid = await stripe.invoices.pay(invoice.id);
          return paid.status === 'paid'
            ? 'paid'
            : ((await authenticationOf(invoice)) ?? 'declined');
        } catch (error) {
          // 3-D Secure: Stripe answers 402 (invoice_payment_intent_requires_action) and the invoice's PaymentIntent waits for the client.
          if (error instanceof Stripe.errors.StripeCardError)
            return (await authenticationOf(invoice)) ?? 'declined';
          throw error;
        }
      });
    },

    async paymentOutcome({ providerPaymentId, customerId }) {
      return guarded(async () => {
        const intent = await stripe.paymentIntents.retrieve(providerPaymentId);
        if (idOf(intent.customer) !== customerId)
          throw new ProviderRefusedError('This payment is not for your subscription.');
        if (intent.status === 'succeeded' || intent.status === 'processing')
          return { status: 'succeeded' as const };
        if (needsAuthentication(intent)) return { status: 'requires_action' as const };
        return {
          status: 'failed' as const,
          message: intent.last_payment_error?.message ?? 'Your card was declined.',
        };
      });
    },

    async discardUpgrade(providerInvoiceId) {
      return guarded(async () => {
        try {
          await stripe.invoices.voidInvoice(providerInvoiceId);
        } catch (error) {
          // Paid or voided meanwhile (the Dashboard, a retry of ours): nothing waits any more.
          if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        }
      });
    },

    async setPhases({ providerSubscriptionId, scheduleId, currency, phases }) {
      return guarded(async () => {
        // A fresh schedule each time: its first phase is the subscription as it is now, so the
        // new phases never rewrite a past one; without proration, nothing is charged for it.
        await releaseSchedule(scheduleId);
        if (phases.length === 0) return null;
        const schedule = await scheduleFrom(providerSubscriptionId);
        const start = schedule.current_phase?.start_date ?? schedule.phases[0]?.start_date ?? 'now';
        // Each date goes onto Stripe's own period boundary (the current period's start plus whole
        // months), so a phase never changes the price a second before or after a period begins.
        const boundary = (at: Date) =>
          typeof start === 'number' ? periodBoundaryNear(new Date(start * 1000), at) : at;
        await stripe.subscriptionSchedules.update(schedule.id, {
          end_behavior: 'release',
          proration_behavior: 'none',
          phases: await Promise.all(
            phases.map(async (phase, index) => ({
              ...(index === 0 ? { start_date: start } : {}),
              ...(phase.endsAt
                ? { end_date: Math.floor(boundary(phase.endsAt).getTime() / 1000) }
                : {}),
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
        let updated: Stripe.Subscription;
        try {
          // A pending update: the change applies only once its invoice is paid, so a declined card
          // changes nothing, and a card that needs 3-D Secure waits for the client to authenticate
          // (error_if_incomplete would refuse those outright).
          updated = await stripe.subscriptions.update(providerSubscriptionId, {
            items: [{ id: item.id, price_data: await priceData(plan, currency, priceCents) }],
            proration_behavior: 'always_invoice',
            payment_behavior: 'pending_if_incomplete',
            metadata: { plan_id: String(plan.id) },
            expand: ['latest_invoice.confirmation_secret'],
          });
        } catch (error) {
          if (error instanceof Stripe.errors.StripeCardError)
            throw new CardDeclinedError(error.message);
          throw error;
        }
        if (!updated.pending_update) return 'paid';
        const invoice = updated.latest_invoice as Stripe.Invoice | null;
        const action = invoice ? await authenticationOf(invoice) : null;
        if (action) return action;
        // Declined: the open invoice is voided, which drops the waiting change; the plan stays as it was.
        let message = 'Your card was declined.';
        if (invoice?.id) {
          const intentId = invoice.confirmation_secret?.client_secret.split('_secret_')[0];
          if (intentId)
            message =
              (await stripe.paymentIntents.retrieve(intentId)).last_payment_error?.message ??
              message;
          await subscriptions.discardUpgrade(invoice.id);
        }
        throw new CardDeclinedError(message);
      });
    },

    async refund({ providerPaymentId, amountCents, idempotencyKey }) {
      return guarded(async () => {
        let paymentIntent = providerPaymentId.startsWith('pi_') ? providerPaymentId : null;
        if (providerPaymentId.startsWith('in_')) {
          const paid = await stripe.invoicePayments.list({
            invoice: providerPaymentId,
            status: 'paid',
            limit: 1,
          });
          paymentIntent = idOf(paid.data[0]?.payment.payment_intent);
        }
        if (!paymentIntent)
          throw new PaymentProviderError('Stripe has no card payment for this invoice to refund.');
        const refund = await stripe.refunds.create(
          {
            payment_intent: paymentIntent,
            amount: amountCents,
            metadata: { reason: 'refund by the agency' },
          },
          { idempotencyKey },
        );
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
        const customerParams = request.customer
          ? {
              email: request.customer.email,
              name: request.customer.name,
              metadata: { registration_id: request.customer.registrationId },
            }
          : {};
        const customer = await stripe.customers.create(customerParams, {
          idempotencyKey: keyFor(`${key}-customer`, customerParams),
        });
        const product = await ensureProduct(request.plan);
        const subscriptionParams: Stripe.SubscriptionCreateParams = {
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
          metadata: {
            plan_id: String(request.plan.id),
            registration_id: request.customer?.registrationId ?? '',
          },
          expand: ['latest_invoice.confirmation_secret'],
        };
        const subscription = await stripe.subscriptions.create(subscriptionParams, {
          idempotencyKey: keyFor(`${key}-subscription`, subscriptionParams),
        });
        const invoice = subscription.latest_invoice as Stripe.Invoice | null;
        const clientSecret = invoice?.confirmation_secret?.client_secret;
        if (!clientSecret)
          throw new PaymentProviderError('Stripe did not return a payment for the first invoice.');
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
        return intentState(
          await stripe.paymentIntents.retrieve(providerIntentId, {
            expand: ['payment_method', 'latest_charge'],
          }),
        );
      } catch (error) {
        throw asProviderError(error);
      }
    },

    async scheduleRenewal(phase: RenewalPhase): Promise<ScheduledRenewal> {
      try {
        const product = await ensureProduct(phase.plan);
        const recurring = { interval: interval(phase.plan.billingCycle) };
        const subscription = await stripe.subscriptions.retrieve(phase.providerSubscriptionId);
        const periodStart = fromUnix(subscription.items.data[0]?.current_period_start);
        if (!periodStart)
          throw new PaymentProviderError('This subscription has no item period at Stripe.');
        // Stripe's own boundary (the item's period start plus whole months), not our estimate of it.
        const renewalStartsAt = periodBoundaryNear(periodStart, phase.renewalStartsAt);
        // A schedule the subscription already has (ours from an earlier try, or the Dashboard's) is
        // adopted: Stripe refuses a second one, so creating again would fail on every event.
        const adopted = idOf(subscription.schedule);
        let schedule: Stripe.SubscriptionSchedule;
        if (adopted) {
          schedule = await stripe.subscriptionSchedules.retrieve(adopted);
        } else {
          const params = { from_subscription: phase.providerSubscriptionId };
          schedule = await stripe.subscriptionSchedules.create(params, {
            idempotencyKey: keyFor(`${phase.idempotencyKey}-schedule`, params),
          });
        }
        const params: Stripe.SubscriptionScheduleUpdateParams = {
          end_behavior: 'release',
          // The current phase's price is rewritten with the same amount: without this, Stripe
          // leaves a credit and a debit line (a proration) on the next invoice.
          proration_behavior: 'none',
          phases: [
            {
              start_date:
                schedule.current_phase?.start_date ?? schedule.phases[0]?.start_date ?? 'now',
              end_date: Math.floor(renewalStartsAt.getTime() / 1000),
              items: [
                {
                  price_data: {
                    currency: phase.currency,
                    product,
                    unit_amount: phase.priceCents,
                    recurring,
                  },
                },
              ],
            },
            {
              items: [
                {
                  price_data: {
                    currency: phase.currency,
                    product,
                    unit_amount: phase.renewalPriceCents,
                    recurring,
                  },
                },
              ],
            },
          ],
        };
        await stripe.subscriptionSchedules.update(schedule.id, params, {
          idempotencyKey: keyFor(`${phase.idempotencyKey}-schedule-phases`, params),
        });
        return { scheduleId: schedule.id, renewalStartsAt };
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
            {
              id: `sync_${invoice.id}`,
              type: 'invoice.paid',
              created: invoice.created,
              livemode: invoice.livemode,
              data: { object: invoice },
            } as Stripe.Event,
            intentState,
          );
        }
        for await (const charge of stripe.charges.list({ created, limit: 100 })) {
          if (charge.status !== 'succeeded') continue;
          yield readEvent(
            {
              id: `sync_${charge.id}`,
              type: 'charge.succeeded',
              created: charge.created,
              livemode: charge.livemode,
              data: { object: charge },
            } as Stripe.Event,
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
        throw new InvalidWebhookError(
          error instanceof Error ? error.message : 'The signature does not verify.',
        );
      }
      // Rendered in another version (the endpoint's or the account's default), fields are missing
      // or moved (an old invoice.paid has no `parent`): refused, never half-read.
      if (event.api_version !== STRIPE_API_VERSION)
        throw new WrongApiVersionError(
          event.id,
          event.type,
          event.api_version ?? null,
          STRIPE_API_VERSION,
        );
      return readEvent(event, intentState);
    },

    subscriptions,
  };
}

/** Stripe waits for the client to authenticate this payment (3-D Secure), now or after an attempt without them. */
const needsAuthentication = (intent: Stripe.PaymentIntent) =>
  intent.status === 'requires_action' ||
  (intent.status === 'requires_payment_method' &&
    intent.last_payment_error?.code === 'authentication_required');

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

function readEvent(
  event: Stripe.Event,
  intentState: (intent: Stripe.PaymentIntent, paidAt?: Date) => IntentState,
): PaymentEvent {
  // Stripe marks every object and event live or test; the object's own mark is what was paid.
  const object = event.data.object as { livemode?: boolean };
  const head = {
    id: event.id,
    type: event.type,
    createdAt: fromUnix(event.created) ?? new Date(),
    livemode: (object.livemode ?? event.livemode) === true,
  };
  switch (event.type) {
    case 'payment_intent.succeeded':
      // The event is created when the payment succeeds: its time is the payment's, unless the charge says.
      return {
        ...head,
        kind: 'payment_succeeded',
        intent: intentState(event.data.object, head.createdAt),
      };
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
      if (!subscriptionId || invoice.billing_reason === 'subscription_create')
        return { ...head, kind: 'ignored' };
      const line = subscriptionLine(invoice);
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
      if (!subscriptionId || !invoice.id || invoice.billing_reason === 'subscription_create')
        return { ...head, kind: 'ignored' };
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

/**
 * The line that says what the invoice is for, never by its position: the subscription item's own
 * line (not a proration's credit or debit, which may come first); for an invoice of prorations
 * only (an upgrade), its largest debit; else the first line.
 */
export function subscriptionLine(
  invoice: Pick<Stripe.Invoice, 'lines'>,
): Stripe.InvoiceLineItem | undefined {
  const lines = invoice.lines?.data ?? [];
  const proration = (l: Stripe.InvoiceLineItem) =>
    l.parent?.subscription_item_details?.proration === true ||
    l.parent?.invoice_item_details?.proration === true;
  return (
    lines.find((l) => l.parent?.type === 'subscription_item_details' && !proration(l)) ??
    lines.find((l) => !proration(l) && l.pricing?.price_details) ??
    [...lines].filter(proration).sort((a, b) => b.amount - a.amount)[0] ??
    lines[0]
  );
}

/** The product an invoice is for (the plan for ours, an application's for the others). */
function invoiceProduct(invoice: Stripe.Invoice): string | null {
  return idOf(subscriptionLine(invoice)?.pricing?.price_details?.product) ?? null;
}

function asProviderError(error: unknown): Error {
  if (error instanceof PaymentProviderError) return error;
  if (error instanceof Stripe.errors.StripeError) {
    return Object.assign(new PaymentProviderError(error.message), { cause: error });
  }
  return error instanceof Error ? error : new Error(String(error));
}
