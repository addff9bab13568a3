import {
  boolean,
  integer,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uuid,
  index,
} from 'drizzle-orm/pg-core';
import { subscriptions, payments } from './payments.js';
import { subscriptionPlans } from './plans.js';
import { businessRegistrations } from './registration.js';

/**
 * What a client is billed, one row per charge attempt of a period (the first payment, each renewal,
 * an upgrade's proration): paid, failed or refunded. The ledger (`payments`) stays the source of
 * revenue; an invoice points at its ledger row once paid.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Human number, 'INV-000123', from the sequence below. */
    number: text('number').notNull().unique(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    registrationId: uuid('registration_id').references(() => businessRegistrations.id),
    planId: integer('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id),
    kind: text('kind', { enum: ['first', 'renewal', 'proration'] }).notNull(),
    status: text('status', { enum: ['paid', 'failed', 'refunded'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** What was refunded of it, in cents (a refund is also a negative ledger row). */
    refundedCents: integer('refunded_cents').notNull().default(0),
    currency: text('currency').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    failureMessage: text('failure_message'),
    /** Why it failed as Stripe's decline code (src/contract/lib/errors.ts): pages word it in their language. */
    failureCode: text('failure_code'),
    paymentId: uuid('payment_id').references(() => payments.id),
    providerInvoiceId: text('provider_invoice_id'),
    livemode: boolean('livemode').notNull().default(false),
    /** When it was paid or failed (the billing clock's time in test mode). */
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoices_subscription_idx').on(t.subscriptionId, t.attemptedAt),
    index('invoices_registration_idx').on(t.registrationId),
  ],
);

/**
 * A charge on a subscription's card that the card's bank wants the client to authenticate first
 * (3-D Secure): an upgrade's proration or a past-due invoice paid after a new card. Nothing is
 * booked until the provider says it was paid (test mode: the simulated bank page's answer; Stripe:
 * the PaymentIntent read back). One row per attempt; `client_secret` is what the browser confirms.
 */
export const paymentAuthentications = pgTable(
  'payment_authentications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    purpose: text('purpose', { enum: ['upgrade', 'invoice'] }).notNull(),
    /** Upgrade: the plan it switches to; invoice: the subscription's plan. */
    planId: integer('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    clientSecret: text('client_secret').notNull().unique(),
    /** Stripe: the PaymentIntent and the invoice it pays. */
    providerPaymentId: text('provider_payment_id'),
    providerInvoiceId: text('provider_invoice_id'),
    status: text('status', { enum: ['requires_action', 'succeeded', 'failed'] })
      .notNull()
      .default('requires_action'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_authentications_subscription_idx').on(t.subscriptionId, t.status)],
);

/** Numbers for invoices ('INV-000123'), shared by every instance. */
export const invoiceNumbers = pgSequence('invoice_numbers', { startWith: 1001 });
