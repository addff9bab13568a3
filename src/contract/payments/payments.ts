import * as z from 'zod/mini';
import { DB_INT_MAX, dbId } from '../lib/db-int.js';
import type { Endpoint } from '../lib/endpoint.js';
import type { ErrorCode } from '../lib/errors.js';

/**
 * POST /api/create-payment-intent. `amount` (the plan's price in dollars, docs/product.md §7) is
 * accepted for compatibility and only compared: the server prices the plan itself. Both stay
 * within what the database's integer holds (an amount in cents, a plan's id).
 */
export const createPaymentIntentInput = z.object({
  planId: dbId('Plan must be a plan id (a whole number)'),
  amount: z.optional(
    z.union(
      [
        z.number().check(z.nonnegative(), z.lte(DB_INT_MAX / 100)),
        z.string().check(
          z.regex(/^\d{1,8}(\.\d{1,2})?$/),
          z.refine((v) => Number(v) <= DB_INT_MAX / 100),
        ),
      ],
      'Amount must be a price in dollars, like 299 or 299.00',
    ),
  ),
  registrationId: z.optional(
    z.nullable(z.uuid('Registration must be the id of your registration')),
  ),
});
export type CreatePaymentIntentInput = z.input<typeof createPaymentIntentInput>;
export const PAYMENT_INTENT_LABELS = {
  planId: 'Plan',
  amount: 'Amount',
  registrationId: 'Registration',
};

export type PaymentProviderKind = 'test' | 'stripe';

export interface CreatePaymentIntentResult {
  clientSecret: string;
  paymentIntentId: string;
  /** What the server charges, as a decimal string ('299.00'). */
  amount: string;
  provider: PaymentProviderKind;
  /** Stripe only: the key Stripe.js needs. */
  publishableKey: string | null;
}

/** POST /api/payments/test/confirm: test mode's card form. Checked again on the server. */
export const testCardPaymentInput = z.object({
  clientSecret: z
    .string('The payment is missing; reload the page')
    .check(z.minLength(1, 'The payment is missing; reload the page'), z.maxLength(200)),
  cardNumber: z.string('Card number is required').check(z.maxLength(40)),
  expiry: z.string('Expiry is required').check(z.maxLength(20)),
  cvc: z.string('CVC is required').check(z.maxLength(10)),
});
export type TestCardPaymentInput = z.input<typeof testCardPaymentInput>;
export const TEST_CARD_LABELS = {
  clientSecret: 'Payment',
  cardNumber: 'Card number',
  expiry: 'Expiry',
  cvc: 'CVC',
};

/** `requires_action`: the card's bank wants the client to authenticate the payment first (3-D Secure). */
export type PaymentStatus =
  'requires_payment_method' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';

/** POST /api/payments/test/authenticate: test mode's simulated bank page answered (Stripe's test 3-D Secure page). */
export const testAuthenticationInput = z.object({
  clientSecret: z
    .string('The payment is missing; reload the page')
    .check(z.minLength(1, 'The payment is missing; reload the page'), z.maxLength(200)),
  outcome: z.enum(['complete', 'fail'], 'The authentication outcome must be complete or fail.'),
});
export const TEST_AUTHENTICATION_LABELS = { clientSecret: 'Payment', outcome: 'Authentication' };

/** What /payment-success shows once a payment succeeded: the receipt on screen. */
export interface PaymentReceipt {
  /** Decimal string ('299.00') in `currency`. */
  amount: string;
  currency: string;
  /** ISO time of the payment. */
  paidAt: string;
  billingCycle: string;
  /** The card that paid, when the provider told us. */
  card: { brand: string; last4: string } | null;
  /** The business and the address the e-mailed receipt went to; null for a payment without a registration. */
  businessName: string | null;
  email: string | null;
  /** The next charge: its ISO date and amount (the renewal price once it applies). */
  nextCharge: { date: string; amount: string } | null;
  /** From when the plan costs its renewal price, and what that is ('After 12 months $...'). */
  renewal: { date: string; amount: string } | null;
}

/** GET /api/payments/status and the answer of a test-mode card payment. */
export interface PaymentStatusResult {
  paymentIntentId: string;
  status: PaymentStatus;
  amount: string;
  plan: { name: string; displayName: string };
  /** Why the last attempt failed, in the provider's words (English). */
  message: string | null;
  /** The same as Stripe's decline code: the page words it in its language. */
  code: ErrorCode | null;
  /** The receipt, once the payment succeeded; null before. */
  receipt: PaymentReceipt | null;
}

/** GET /api/payments/status's query: the intent's client secret proves the browser's right to read it. */
export const paymentStatusQuery = z.object({
  payment_intent: z.optional(z.string().check(z.maxLength(200))),
  payment_intent_client_secret: z
    .string('payment_intent_client_secret is required')
    .check(z.minLength(1, 'payment_intent_client_secret is required'), z.maxLength(300)),
});

/** What the webhook answers Stripe: received, and whether the event changed anything. */
export interface StripeWebhookAnswer {
  received: true;
  /** 'duplicate': seen before; 'stale': a newer event about the subscription came first. */
  outcome: 'applied' | 'duplicate' | 'stale';
}

/**
 * Stripe's events (payment succeeded or failed, subscription news): the body is read raw, as the
 * signature covers its exact bytes. Answers 404 without Stripe keys. Not called by any page.
 */
export const stripeWebhook: Endpoint<StripeWebhookAnswer, unknown> = {
  method: 'POST',
  path: '/api/stripe/webhook',
};
