import {
  boolean,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
  index,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { subscriptionPlans } from './plans.js';
import { businessRegistrations } from './registration.js';

/**
 * One attempt to collect a plan's first payment. With Stripe, a mirror of the provider's
 * PaymentIntent; in test mode, the payment intent itself (the provider is this database).
 * Card numbers are never stored: brand and last four digits only.
 */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    providerIntentId: text('provider_intent_id').notNull().unique(),
    clientSecret: text('client_secret').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    planId: integer('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id),
    registrationId: uuid('registration_id').references(() => businessRegistrations.id),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status', {
      enum: ['requires_payment_method', 'requires_action', 'processing', 'succeeded', 'canceled'],
    })
      .notNull()
      .default('requires_payment_method'),
    lastError: text('last_error'),
    /** The last error as Stripe's decline code (src/contract/lib/errors.ts): pages word it in their language. */
    lastErrorCode: text('last_error_code'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** Test mode: the expiry of the card waiting for authentication (status requires_action), saved with it once paid. */
    cardExpMonth: integer('card_exp_month'),
    cardExpYear: integer('card_exp_year'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_intents_registration_idx').on(t.registrationId)],
);

/**
 * The plan sold as a recurring subscription. The price is fixed when it is bought, so a later
 * change of the plan's price never alters what this subscriber pays.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    providerSubscriptionId: text('provider_subscription_id').unique(),
    providerCustomerId: text('provider_customer_id'),
    planId: integer('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id),
    registrationId: uuid('registration_id').references(() => businessRegistrations.id),
    status: text('status', { enum: ['incomplete', 'active', 'past_due', 'canceled'] })
      .notNull()
      .default('incomplete'),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull(),
    billingCycle: text('billing_cycle').notNull(),
    /** The price from `renewalStartsAt` on (docs/product.md §9: 'After 12 months $...'). */
    renewalPriceCents: integer('renewal_price_cents'),
    /** Stripe: when the newest event applied to this subscription was created; older ones never overwrite it. */
    providerEventAt: timestamp('provider_event_at', { withTimezone: true }),
    renewalStartsAt: timestamp('renewal_starts_at', { withTimezone: true }),
    /** Stripe: the schedule that switches to the renewal price; set once it exists. */
    providerScheduleId: text('provider_schedule_id'),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    /** Cancelled by the client or the team: the subscription ends at `currentPeriodEnd` instead of renewing. */
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    cancelReason: text('cancel_reason'),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /** A downgrade waits for the renewal: from the next period the subscription is this plan. */
    scheduledPlanId: integer('scheduled_plan_id').references(() => subscriptionPlans.id),
    /** The card on file (brand, last four, expiry): never the number. */
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    cardExpMonth: integer('card_exp_month'),
    cardExpYear: integer('card_exp_year'),
    /** Test mode only: what the saved test card does when it is charged again (Stripe's 4000 0000 0000 0341 attaches, then fails; 4000 0027 6000 3184 asks for authentication every time). */
    testCardBehavior: text('test_card_behavior', {
      enum: ['succeeds', 'fails_on_charge', 'requires_authentication'],
    }),
    /** Failed renewal attempts in a row, and when the next retry is due (past due). */
    failedPaymentCount: integer('failed_payment_count').notNull().default(0),
    nextRetryAt: timestamp('next_retry_at', { withTimezone: true }),
    /** Reminders already sent for the current intro period / card, so each goes out once. */
    introEndingNoticeAt: timestamp('intro_ending_notice_at', { withTimezone: true }),
    cardExpiryNoticeAt: timestamp('card_expiry_notice_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_registration_idx').on(t.registrationId),
    index('subscriptions_renewal_due_idx').on(t.status, t.currentPeriodEnd),
  ],
);

/** The payments ledger: one row per successful payment, the single source of revenue. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    /** The provider's id of what was paid (a PaymentIntent); unique, so a payment is booked once. */
    providerPaymentId: text('provider_payment_id').notNull(),
    providerCustomerId: text('provider_customer_id'),
    productId: text('product_id'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    planId: integer('plan_id').references(() => subscriptionPlans.id),
    registrationId: uuid('registration_id').references(() => businessRegistrations.id),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id),
    customerEmail: text('customer_email'),
    /** Real money (Stripe live mode) or not (test mode, Stripe test keys, demo data), as Stripe marks it. */
    livemode: boolean('livemode').notNull().default(false),
    /** A refund is a negative row pointing at the payment it gives back (part of). */
    refundOfPaymentId: uuid('refund_of_payment_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_payment_idx').on(t.provider, t.providerPaymentId),
    index('payments_paid_at_idx').on(t.paidAt),
    index('payments_product_paid_at_idx').on(t.productId, t.paidAt),
  ],
);

/** Provider events already applied: a repeated or concurrent delivery inserts nothing and does nothing. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
