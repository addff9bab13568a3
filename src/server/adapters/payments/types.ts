import type { ErrorCode } from '../../../contract/lib/errors.js';
import { errorText } from '../../locales.js';
import type { PaymentProviderKind, PaymentStatus } from '../../../contract/payments/payments.js';

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
  /** The last error as a decline code (Stripe's), to word it in the client's language. */
  errorCode?: ErrorCode | null;
  paidAt: Date;
  /** Real money (Stripe live mode) or not (test keys, test mode), as the provider marks it. */
  livemode: boolean;
  /** The card that paid, when the provider said (Stripe, when the intent was read with its payment method). */
  card?: CardOnFile | null;
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
  /** Our estimate of when the renewal price starts; the provider moves it onto its own period boundary. */
  renewalStartsAt: Date;
}

/** The renewal phase as the provider scheduled it: its schedule, and the period boundary where the renewal price starts. */
export interface ScheduledRenewal {
  scheduleId: string;
  renewalStartsAt: Date;
}

/**
 * A verified provider event, in our words; `ignored` for what we do not act on. `createdAt` is
 * when the provider created it (events can arrive out of order), `livemode` whether it is about
 * real money.
 */
export type PaymentEvent = { id: string; type: string; createdAt: Date; livemode: boolean } & (
  | { kind: 'payment_succeeded'; intent: IntentState }
  | { kind: 'payment_failed'; intentId: string; message: string; code: ErrorCode }
  | {
      kind: 'subscription_changed';
      providerSubscriptionId: string;
      status: 'incomplete' | 'active' | 'past_due' | 'canceled';
      currentPeriodStart: Date | null;
      currentPeriodEnd: Date | null;
      /** Ends at the period's end instead of renewing (set by our billing page, the Dashboard or the API). */
      cancelAtPeriodEnd: boolean;
      canceledAt: Date | null;
    }
  | {
      /** A subscription's later invoice was paid: a renewal, or the proration of an upgrade. */
      kind: 'renewal_paid';
      invoiceId: string;
      providerSubscriptionId: string;
      reason: 'renewal' | 'proration';
      amountCents: number;
      currency: string;
      customerId: string | null;
      paidAt: Date;
      periodStart: Date | null;
      periodEnd: Date | null;
    }
  | {
      /** A renewal could not be charged; Stripe retries on its own schedule (Smart Retries / the Dashboard's settings). */
      kind: 'renewal_failed';
      invoiceId: string;
      providerSubscriptionId: string;
      amountCents: number;
      currency: string;
      attempt: number;
      nextAttemptAt: Date | null;
      message: string;
      code: ErrorCode;
      failedAt: Date;
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

/** A card as the provider describes it: never its number. */
export interface CardOnFile {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/**
 * A payment the card's bank wants the client to authenticate (3-D Secure) before it is made: the
 * browser confirms `clientSecret` with Stripe.js; the result is read back from the provider.
 */
export interface ProviderActionRequired {
  status: 'requires_action';
  clientSecret: string;
  providerPaymentId: string;
  providerInvoiceId: string;
}

/** One phase of a subscription's price schedule: this plan at this price until `endsAt` (null: from then on). */
export interface SchedulePhase {
  plan: SubscriptionPaymentRequest['plan'];
  priceCents: number;
  endsAt: Date | null;
}

/**
 * What the client's billing page and the agency's team change on a provider's subscription
 * (Stripe). Test mode has none: its engine changes our own rows (features/billing).
 */
export interface SubscriptionManager {
  /** A SetupIntent for a new card; the browser confirms it with Stripe's Payment Element. */
  startCardSetup(input: {
    customerId: string;
    providerSubscriptionId: string;
  }): Promise<{ setupIntentId: string; clientSecret: string }>;
  /**
   * Reads a confirmed SetupIntent, which must be this customer's, and makes its card the one the
   * customer's invoices and this subscription charge. Throws PaymentProviderError otherwise.
   */
  finishCardSetup(input: {
    customerId: string;
    providerSubscriptionId: string;
    setupIntentId: string;
  }): Promise<CardOnFile>;
  /**
   * Charges the subscription's open invoice now (after a new card): 'paid', 'declined', 'none' open,
   * or the card's bank wants the client to authenticate it first (3-D Secure).
   */
  payOpenInvoice(
    providerSubscriptionId: string,
  ): Promise<'paid' | 'declined' | 'none' | ProviderActionRequired>;
  /** The provider's word on a payment the client was asked to authenticate: read back, never taken from the browser. */
  paymentOutcome(input: {
    providerPaymentId: string;
    customerId: string;
  }): Promise<
    | { status: 'succeeded' | 'requires_action' }
    | { status: 'failed'; message: string; code: ErrorCode }
  >;
  /** An upgrade whose payment failed authentication: its open invoice is voided, so the waiting change is dropped. */
  discardUpgrade(providerInvoiceId: string): Promise<void>;
  /** Replaces the subscription's price schedule with these phases (current first); returns the schedule's id. No phases: no schedule (null). */
  setPhases(input: {
    providerSubscriptionId: string;
    scheduleId: string | null;
    currency: string;
    phases: SchedulePhase[];
  }): Promise<string | null>;
  /** Ends at the period's end (the schedule is released first: Stripe refuses it on a scheduled subscription), or not any more. */
  setCancelAtPeriodEnd(input: {
    providerSubscriptionId: string;
    scheduleId: string | null;
    cancel: boolean;
    reason: string | null;
  }): Promise<void>;
  /** Ends the subscription now (a past-due one, whose period was never paid). */
  cancelNow(providerSubscriptionId: string): Promise<void>;
  /** What an upgrade to this plan and price would charge now, prorated by the provider. */
  previewUpgrade(input: {
    providerSubscriptionId: string;
    currency: string;
    plan: SchedulePhase['plan'];
    priceCents: number;
  }): Promise<number>;
  /**
   * Switches the plan now and charges the proration at once; throws CardDeclinedError (nothing
   * changes) when the card is declined. When the card's bank wants the client to authenticate the
   * charge, nothing changes yet either: the change waits for that payment (Stripe's pending update).
   */
  upgrade(input: {
    providerSubscriptionId: string;
    scheduleId: string | null;
    currency: string;
    plan: SchedulePhase['plan'];
    priceCents: number;
  }): Promise<'paid' | ProviderActionRequired>;
  /** Refunds `amountCents` of a payment (all or part): a PaymentIntent ('pi_…') or the payment of an invoice ('in_…'). */
  refund(input: {
    providerPaymentId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ refundId: string }>;
}

export interface PaymentProvider {
  readonly kind: PaymentProviderKind;
  /** Stripe.js needs it in the browser; null in test mode. */
  readonly publishableKey: string | null;
  startSubscriptionPayment(request: SubscriptionPaymentRequest): Promise<StartedPayment>;
  /** The provider's current state of an intent; null when this database is the provider (test mode). */
  retrieveIntent(providerIntentId: string): Promise<IntentState | null>;
  /** Adds the renewal price as the schedule's second phase (Stripe; a schedule the subscription already has is adopted); null in test mode. */
  scheduleRenewal(phase: RenewalPhase): Promise<ScheduledRenewal | null>;
  /** Stripe only: paid invoices and charges since a date, as events (backfill); absent in test mode. */
  paidSince?(since: Date): AsyncGenerator<PaymentEvent>;
  /** Checks the signature and reads the event; throws `InvalidWebhookError` when it does not verify. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
  /** Stripe only: changes to a subscription after its first payment; absent in test mode. */
  readonly subscriptions?: SubscriptionManager;
}

/** Why a card payment failed: the provider's words (English) and its decline code. */
export interface Decline {
  message: string;
  code: ErrorCode;
}
/** A decline in our own words (test mode, or when the provider gave none). */
export const declineOf = (code: ErrorCode): Decline => ({ code, message: errorText(code) });

export class InvalidWebhookError extends Error {}

/**
 * A signed event rendered in another API version than the one this code reads (the webhook
 * endpoint's or the account's default): its fields may be missing or moved, so it is not applied
 * (docs/decisions/024-stripe-webhook-version.md).
 */
export class WrongApiVersionError extends Error {
  constructor(
    readonly eventId: string,
    readonly eventType: string,
    readonly apiVersion: string | null,
    readonly expectedVersion: string,
  ) {
    super(
      `Stripe event ${eventId} (${eventType}) is in API version ${apiVersion ?? 'unknown'}; this server reads only ${expectedVersion}.`,
    );
  }
}

/** A provider refused or failed a request; `message` is safe to show. */
export class PaymentProviderError extends Error {}

/** What the client sent does not fit (a card setup not confirmed yet, or someone else's); `message` says what to do. */
export class ProviderRefusedError extends PaymentProviderError {
  constructor(readonly code: ErrorCode) {
    super(errorText(code));
  }
}

/** The card was declined; `message` is the provider's, safe to show, and `code` its decline code. */
export class CardDeclinedError extends PaymentProviderError {
  constructor(
    message: string,
    readonly code: ErrorCode = 'card_declined',
  ) {
    super(message);
  }
}
