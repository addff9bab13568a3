import * as z from 'zod/mini';
import { dbIdFromText } from '../lib/db-int.js';
import type { Endpoint } from '../lib/endpoint.js';
import type { ErrorCode } from '../lib/errors.js';

// A client's subscription after the first payment: what the billing page (/account) shows and
// does, the agency's view of it, and test mode's billing clock. Amounts are decimal strings
// ('299.00') in `currency`; times are ISO strings.

export type SubscriptionStatus = 'incomplete' | 'active' | 'past_due' | 'canceled';

export interface CardOnFile {
  brand: string;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
}

export interface InvoiceView {
  id: string;
  /** 'INV-001001' */
  number: string;
  kind: 'first' | 'renewal' | 'proration';
  status: 'paid' | 'failed' | 'refunded';
  amount: string;
  refunded: string;
  currency: string;
  planDisplayName: string;
  periodStart: string | null;
  periodEnd: string | null;
  card: { brand: string; last4: string } | null;
  failureMessage: string | null;
  /** The failure as Stripe's decline code: the page words it in its language. */
  failureCode: ErrorCode | null;
  attemptedAt: string;
}

export interface SubscriptionOverview {
  id: string;
  status: SubscriptionStatus;
  plan: { id: number; name: string; displayName: string };
  billingCycle: string;
  currency: string;
  /** What the current period cost. */
  price: string;
  /** The renewal phase: intro price until `renewalStartsAt`, then the renewal price. */
  phase: 'intro' | 'renewal';
  renewalPrice: string | null;
  renewalStartsAt: string | null;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  /** The next charge (date and amount), null when the subscription ends instead. */
  nextCharge: { date: string; amount: string; planDisplayName: string } | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: string | null;
  /** A downgrade waiting for the renewal. */
  scheduledPlan: { id: number; name: string; displayName: string } | null;
  card: CardOnFile | null;
  /** Past due: how many renewal attempts failed, and when the next one is. */
  failedPaymentCount: number;
  nextRetryAt: string | null;
}

/** The billing page: the business and its subscription. */
export interface AccountOverview {
  business: { name: string; ownerName: string; email: string };
  subscription: SubscriptionOverview | null;
  invoices: InvoiceView[];
  /** Test mode: the page offers a test card form; with Stripe, Stripe's Payment Element. */
  provider: 'test' | 'stripe';
}

export interface PlanChangePreview {
  direction: 'upgrade' | 'downgrade' | 'same';
  plan: { id: number; name: string; displayName: string; price: string };
  /** Upgrade: charged now for the rest of the period (prorated by time left). Downgrade: 0.00. */
  amountNow: string;
  /** Upgrade: now. Downgrade: at the next renewal. */
  effectiveAt: string;
  /**
   * Upgrade: what `amountNow` is made of, the server's own figures (never the browser's): the new
   * plan for the time left in the period, less the unused time of the current one. Their sum is
   * `amountNow`; a single 'proration' line when the provider (Stripe) priced the change itself.
   * Empty otherwise.
   */
  lines: PlanChangeLine[];
}

export interface PlanChangeLine {
  kind: 'newPlanRest' | 'unusedCredit' | 'proration';
  /** Never negative: 'unusedCredit' is subtracted. */
  amount: string;
}

/**
 * A charge the card's bank wants the client to authenticate first (3-D Secure): an upgrade's
 * proration, or a past-due invoice paid after a new card. Answered with 202 instead of a decline;
 * nothing is booked yet. The browser authenticates `clientSecret` (Stripe.js's handleNextAction
 * with Stripe; test mode's simulated bank page otherwise), then posts it to finishAccountPayment,
 * which asks the provider what happened.
 */
export interface PaymentActionRequired {
  status: 'requires_action';
  clientSecret: string;
  provider: 'test' | 'stripe';
  /** Stripe.js needs it; null in test mode. */
  publishableKey: string | null;
}
/** What an action that may charge the card answers: the page's new state, or a payment to authenticate first. */
export type AccountChargeResult = AccountOverview | PaymentActionRequired;
export const needsAuthentication = (result: AccountChargeResult): result is PaymentActionRequired =>
  'status' in result && result.status === 'requires_action';

/** Stripe: what the billing page's Payment Element needs to confirm a new card (a SetupIntent). */
export interface CardSetup {
  clientSecret: string;
  publishableKey: string;
}

export interface CardInput {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

/** Test mode's billing clock: the product's billing time, which an owner may move forward. */
export interface BillingClock {
  now: string;
  /** How far the clock is ahead of real time, in milliseconds (0: real time). */
  offsetMs: number;
  /** False with Stripe: Stripe has its own test clocks. */
  available: boolean;
}

export interface BillingRunResult {
  renewed: number;
  failed: number;
  canceled: number;
  reminded: number;
}

// The billing page's inputs (the server parses with these; the page checks the card with cards.ts).
const emailField = z
  .string('Email is required')
  .check(
    z.trim(),
    z.minLength(1, 'Email is required'),
    z.maxLength(254, 'Email must be at most 254 characters'),
    z.email('Enter a valid email address, like name@example.com'),
  );
export const billingLinkInput = z.object({ email: emailField });
export const redeemBillingLinkInput = z.object({
  token: z
    .string('The sign-in link is incomplete.')
    .check(
      z.minLength(1, 'The sign-in link is incomplete.'),
      z.maxLength(200, 'The sign-in link is too long.'),
    ),
});
export const accountCardInput = z.object({
  cardNumber: z.string('Card number is required').check(z.maxLength(40)),
  expiry: z.string('Expiry is required').check(z.maxLength(20)),
  cvc: z.string('CVC is required').check(z.maxLength(10)),
});
export const cardSetupInput = z.object({
  setupIntentId: z
    .string('The card setup is missing.')
    .check(
      z.trim(),
      z.regex(
        /^seti_[A-Za-z0-9_]{1,200}$/,
        'The card setup is not one of ours. Please enter the card again.',
      ),
    ),
});
export const CANCEL_REASON_MAX = 1000;
export const cancelSubscriptionInput = z.object({
  reason: z.optional(
    z
      .string('Reason must be text')
      .check(
        z.maxLength(CANCEL_REASON_MAX, `Reason must be at most ${CANCEL_REASON_MAX} characters`),
      ),
  ),
});
const planIdField = dbIdFromText('Plan must be a plan id (a whole number)');
/** After the client authenticated (or not): the payment's client secret; test mode also says what its simulated bank page answered. */
export const finishPaymentInput = z.object({
  clientSecret: z
    .string('The payment is missing; reload the page.')
    .check(
      z.trim(),
      z.regex(/^pi_[A-Za-z0-9_]{1,250}$/, 'The payment is not one of ours; reload the page.'),
    ),
  outcome: z.optional(
    z.enum(['complete', 'fail'], 'The authentication outcome must be complete or fail.'),
  ),
});
/** GET takes it from the query string (text), POST from the body; both parse to a whole number. */
export const planChangeInput = z.object({ planId: planIdField });
export const ACCOUNT_LABELS = {
  email: 'E-mail address',
  token: 'Sign-in link',
  cardNumber: 'Card number',
  expiry: 'Expiry',
  cvc: 'CVC',
  reason: 'Reason',
  planId: 'Plan',
  setupIntentId: 'Card setup',
  clientSecret: 'Payment',
  outcome: 'Authentication',
};

/** The answer to every request for a link, known address or not: it tells nobody who is a client. */
export const BILLING_LINK_SENT_MESSAGE =
  'If that address has a subscription with us, we have e-mailed it a sign-in link. It works for 15 minutes.';
export const BILLING_LINK_INVALID_MESSAGE =
  'This sign-in link has expired or was already used. Ask for a new one below.';
/** The query parameter of the e-mailed link (`/account?token=…`). */
export const BILLING_LINK_TOKEN_PARAM = 'token';

// The client's billing page. Sign-in: a one-time link e-mailed to the registration's address.
export const requestBillingLink: Endpoint<{ message: string }, { email: string }> = {
  method: 'POST',
  path: '/api/account/sign-in-link',
};
export const redeemBillingLink: Endpoint<{ ok: true }, { token: string }> = {
  method: 'POST',
  path: '/api/account/sign-in',
};
export const signOutOfAccount: Endpoint<undefined> = {
  method: 'POST',
  path: '/api/account/sign-out',
};
export const getAccount: Endpoint<AccountOverview> = { method: 'GET', path: '/api/account' };
export const updateAccountCard: Endpoint<AccountChargeResult, CardInput> = {
  method: 'POST',
  path: '/api/account/card',
};
export const startAccountCardSetup: Endpoint<CardSetup> = {
  method: 'POST',
  path: '/api/account/card/setup',
};
export const finishAccountCardSetup: Endpoint<AccountChargeResult, { setupIntentId: string }> = {
  method: 'POST',
  path: '/api/account/card/confirm',
};
export const cancelAccountSubscription: Endpoint<AccountOverview, { reason?: string }> = {
  method: 'POST',
  path: '/api/account/cancel',
};
export const resumeAccountSubscription: Endpoint<AccountOverview> = {
  method: 'POST',
  path: '/api/account/resume',
};
export const previewAccountPlanChange: Endpoint<PlanChangePreview, undefined, { planId: number }> =
  { method: 'GET', path: '/api/account/plan-change' };
export const changeAccountPlan: Endpoint<AccountChargeResult, { planId: number }> = {
  method: 'POST',
  path: '/api/account/plan-change',
};
/** A payment that needed authentication: booked once the provider says it was paid (200), or its decline (402). */
/**
 * One invoice of the signed-in client by its number (`INV-001001`): the printable invoice page
 * (`/account/invoices/INV-001001`). Another client's number, or one that does not exist, is 404.
 */
export const getAccountInvoice: Endpoint<AccountInvoice> = {
  method: 'GET',
  path: '/api/account/invoices/:number',
};
/** The invoice page: the invoice and who it is billed to. */
export interface AccountInvoice {
  business: { name: string; email: string };
  invoice: InvoiceView;
  /** Whether 'Pay now' applies: a failed invoice of a subscription that is still past due. */
  payable: boolean;
}
/** What an invoice number looks like; anything else is 404 without a database query. */
export const INVOICE_NUMBER = /^INV-\d{1,12}$/;
export const finishAccountPayment: Endpoint<
  AccountOverview,
  { clientSecret: string; outcome?: 'complete' | 'fail' }
> = {
  method: 'POST',
  path: '/api/account/payment/finish',
};

// Test mode's billing clock (owners; answers 404 with Stripe).
export const getBillingClock: Endpoint<BillingClock> = {
  method: 'GET',
  path: '/api/billing/clock',
};
export const advanceBillingClock: Endpoint<
  BillingClock & { run: BillingRunResult },
  { days: number }
> = { method: 'POST', path: '/api/billing/clock/advance' };
export const resetBillingClock: Endpoint<BillingClock> = {
  method: 'POST',
  path: '/api/billing/clock/reset',
};

/** How far an owner may move the billing clock at once, in days. */
export const MAX_ADVANCE_DAYS = 400;
export const clockAdvanceInput = z.object({
  days: z
    .int(`Days must be a whole number from 1 to ${MAX_ADVANCE_DAYS}.`)
    .check(z.gte(1), z.lte(MAX_ADVANCE_DAYS)),
});
