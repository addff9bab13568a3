import type Stripe from 'stripe';
import {
  InvalidWebhookError,
  WrongApiVersionError,
  type PaymentEvent,
  type PaymentProvider,
} from './types.js';
import { asProviderError, STRIPE_API_VERSION } from './stripe-client.js';
import { fromUnix, idOf, intentState } from './stripe-mapping.js';
import { declineCode } from '../../../contract/lib/errors.js';
import { errorText } from '../../locales.js';

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

/** Signed webhooks, and the same events read back from Stripe's lists (revenue:sync). */
export function createStripeEvents(
  stripe: Stripe,
  webhookSecret: string,
): Pick<PaymentProvider, 'paidSince' | 'verifyWebhook'> {
  return {
    /** Paid invoices and charges since a date, read as the webhook would have (revenue:sync). */
    async *paidSince(since: Date): AsyncGenerator<PaymentEvent> {
      const created = { gte: Math.floor(since.getTime() / 1000) };
      try {
        for await (const invoice of stripe.invoices.list({ status: 'paid', created, limit: 100 })) {
          yield readEvent({
            id: `sync_${invoice.id}`,
            type: 'invoice.paid',
            created: invoice.created,
            livemode: invoice.livemode,
            data: { object: invoice },
          } as Stripe.Event);
        }
        for await (const charge of stripe.charges.list({ created, limit: 100 })) {
          if (charge.status !== 'succeeded') continue;
          yield readEvent({
            id: `sync_${charge.id}`,
            type: 'charge.succeeded',
            created: charge.created,
            livemode: charge.livemode,
            data: { object: charge },
          } as Stripe.Event);
        }
      } catch (error) {
        throw asProviderError(error);
      }
    },

    verifyWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', webhookSecret);
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
      return readEvent(event);
    },
  };
}

/** A Stripe event as ours: what it changed, or 'ignored'. */
export function readEvent(event: Stripe.Event): PaymentEvent {
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
        message: event.data.object.last_payment_error?.message ?? errorText('card_declined'),
        code: declineCode(event.data.object.last_payment_error),
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
        // The invoice does not say why; its payment's error is the card's, read when the client pays again.
        message: errorText('card_declined'),
        code: 'card_declined',
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
