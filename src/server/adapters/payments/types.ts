import type { PaymentProviderKind, PaymentStatus } from '../../../contract/payments.js';

/** What a provider needs to start a plan's subscription and collect its first payment. */
export interface SubscriptionPaymentRequest {
  /** The same key returns the same objects, so a retried request creates nothing new. */
  idempotencyKey: string;
  amountCents: number;
  currency: string;
  plan: { id: number; name: string; displayName: string; billingCycle: string };
  customer: { email: string; name: string; registrationId: string } | null;
}

export interface StartedPayment {
  providerIntentId: string;
  clientSecret: string;
  providerSubscriptionId: string | null;
  providerCustomerId: string | null;
}

/** The product a plan is sold as: Stripe's product id, and the ledger's `product_id`. */
export const planProductId = (planName: string) => `plan_${planName}`;

/** The provider's word on a payment intent. */
export interface IntentState {
  id: string;
  status: PaymentStatus;
  amountCents: number;
  currency: string;
  customerId: string | null;
  errorMessage: string | null;
  paidAt: Date;
  /** Real money (Stripe live mode) or not (test keys, test mode), as the provider marks it. */
  livemode: boolean;
}

export interface RenewalPhase {
  providerSubscriptionId: string;
  idempotencyKey: string;
  plan: SubscriptionPaymentRequest['plan'];
  currency: string;
  priceCents: number;
  renewalPriceCents: number;
  /** Length of the first phase at the first price. */
  firstPhaseMonths: number;
}

/**
 * A verified provider event, in our words; `ignored` for what we do not act on. `createdAt` is
 * when the provider created it (events can arrive out of order), `livemode` whether it is about
 * real money.
 */
export type PaymentEvent = { id: string; type: string; createdAt: Date; livemode: boolean } & (
  | { kind: 'payment_succeeded'; intent: IntentState }
  | { kind: 'payment_failed'; intentId: string; message: string }
  | {
      kind: 'subscription_changed';
      providerSubscriptionId: string;
      status: 'incomplete' | 'active' | 'past_due' | 'canceled';
      currentPeriodStart: Date | null;
      currentPeriodEnd: Date | null;
    }
  | {
      kind: 'renewal_paid';
      invoiceId: string;
      providerSubscriptionId: string;
      amountCents: number;
      currency: string;
      customerId: string | null;
      paidAt: Date;
    }
  | {
      /** A sale of another product on the same Stripe account (the agency's applications). */
      kind: 'product_paid';
      paymentId: string;
      productId: string;
      amountCents: number;
      currency: string;
      customerId: string | null;
      customerEmail: string | null;
      paidAt: Date;
    }
  | { kind: 'ignored' }
);

export interface PaymentProvider {
  readonly kind: PaymentProviderKind;
  /** Stripe.js needs it in the browser; null in test mode. */
  readonly publishableKey: string | null;
  startSubscriptionPayment(request: SubscriptionPaymentRequest): Promise<StartedPayment>;
  /** The provider's current state of an intent; null when this database is the provider (test mode). */
  retrieveIntent(providerIntentId: string): Promise<IntentState | null>;
  /** Adds the renewal price as the schedule's second phase (Stripe); nothing to do in test mode. */
  scheduleRenewal(phase: RenewalPhase): Promise<string | null>;
  /** Stripe only: paid invoices and charges since a date, as events (backfill); absent in test mode. */
  paidSince?(since: Date): AsyncGenerator<PaymentEvent>;
  /** Checks the signature and reads the event; throws `InvalidWebhookError` when it does not verify. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}

export class InvalidWebhookError extends Error {}

/** A provider refused or failed a request; `message` is safe to show. */
export class PaymentProviderError extends Error {}
