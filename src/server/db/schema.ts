import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
  index,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { user } from './auth-schema.js';

export const subscriptionPlans = pgTable('subscription_plans', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  displayName: text('display_name').notNull(),
  description: text('description').notNull(),
  priceCents: integer('price_cents').notNull(),
  currency: text('currency').notNull().default('usd'),
  billingCycle: text('billing_cycle').notNull().default('month'),
  features: jsonb('features')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  renewalPriceCents: integer('renewal_price_cents'),
  mostPopular: boolean('most_popular').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const portfolioItems = pgTable('portfolio_items', {
  id: serial('id').primaryKey(),
  websiteName: text('website_name').notNull(),
  websiteUrl: text('website_url').notNull(),
  logoUrl: text('logo_url'),
  description: text('description'),
  isDemo: boolean('is_demo').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const businessRegistrations = pgTable(
  'business_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessName: text('business_name').notNull(),
    ownerName: text('owner_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    address: text('address'),
    businessType: text('business_type').notNull(),
    planId: integer('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id),
    website: text('website'),
    description: text('description'),
    status: text('status', { enum: ['pending_payment', 'active'] })
      .notNull()
      .default('pending_payment'),
    /** The language of the page the client registered on ('en' | 'es'): every e-mail to them follows it. */
    language: text('language', { enum: ['en', 'es'] })
      .notNull()
      .default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('business_registrations_created_at_idx').on(t.createdAt),
    index('business_registrations_email_idx').on(t.email),
  ],
);

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

/**
 * The client's billing page signs in with a one-time link e-mailed to the registration's address
 * (15 minutes, single use); the link then opens a session kept in an HttpOnly cookie. Both keep
 * only a SHA-256 hash of their token.
 */
export const billingSignInTokens = pgTable('billing_sign_in_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  registrationId: uuid('registration_id')
    .notNull()
    .references(() => businessRegistrations.id),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const billingSessions = pgTable('billing_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  registrationId: uuid('registration_id')
    .notNull()
    .references(() => businessRegistrations.id),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

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

/**
 * E-mails to send, written in the same transaction as what they report, so none is lost;
 * a worker delivers them and retries failures with a growing delay.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The same message as HTML, for clients' e-mails (the text body is always there). */
    html: text('html'),
    /**
     * The message as the recipient gets it when it carries a one-time link or token: `body` and
     * `html` then hold it redacted (what employees see), these the real one, for the transport
     * only; erased once delivered (docs/decisions/023).
     */
    secretText: text('secret_text'),
    secretHtml: text('secret_html'),
    status: text('status', { enum: ['pending', 'sent'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_messages_due_idx').on(t.status, t.nextAttemptAt)],
);

/**
 * Counters with an expiry shared by every instance (rate limits, sign-in failures, used
 * second-factor codes) when no Redis is configured: one atomic upsert per hit.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_reset_idx').on(t.resetAt)],
);

/** Background jobs that run once across instances: whoever moves `next_run_at` forward runs it. */
export const jobSchedule = pgTable('job_schedule', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
});

/** Markers such as "the demo seed ran", so seeding happens once per database. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who did what, when and from where: sign-ins (also failed ones), sign-outs and every employee
 * write. Kept when an employee is removed (the e-mail stays; the id is not a foreign key).
 */
export const activityLog = pgTable(
  'activity_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    employeeId: text('employee_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    subject: text('subject'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    ipAddress: text('ip_address'),
  },
  (t) => [
    index('activity_log_at_idx').on(t.at),
    index('activity_log_actor_action_at_idx').on(t.actorEmail, t.action, t.at),
  ],
);
/**
 * The `directory` place provider: businesses kept in our own database (demo seed, generated rows
 * for benchmarks, or a CSV import of a directory the agency owns). Searched by a GIN index on
 * normalised words and a (lat, lng) box, then exact distance.
 */
export const directoryBusinesses = pgTable(
  'directory_businesses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    /** Normalised words of the category, its synonyms and the name ('plumber', 'pipe', …). */
    searchTerms: text('search_terms').array().notNull(),
    address: text('address'),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    /** Stars times ten (45 = 4.5), or null without ratings. */
    ratingTenths: integer('rating_tenths'),
    reviewCount: integer('review_count'),
    website: text('website'),
    phone: text('phone'),
    socialProfiles: jsonb('social_profiles')
      .$type<{ network: string; url: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    recentPosts: jsonb('recent_posts')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** demo (seeded, fictional), generated (benchmarks), import (a CSV the agency owns). */
    source: text('source', { enum: ['demo', 'generated', 'import'] }).notNull(),
    externalId: text('external_id').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('directory_businesses_terms_idx').using('gin', t.searchTerms),
    index('directory_businesses_lat_lng_idx').on(t.lat, t.lng),
  ],
);

/** Towns and ZIP codes of the directory's area, so a typed location works without a geocoder. */
export const directoryPlaces = pgTable('directory_places', {
  key: text('key').primaryKey(),
  label: text('label').notNull(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
});

/** A business an employee saved to follow up, with a snapshot of what the search showed. */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider', { enum: ['directory', 'google', 'osm'] }).notNull(),
    sourceId: text('source_id').notNull(),
    name: text('name').notNull(),
    category: text('category'),
    address: text('address'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    ratingTenths: integer('rating_tenths'),
    reviewCount: integer('review_count'),
    website: text('website'),
    phone: text('phone'),
    socialProfiles: jsonb('social_profiles')
      .$type<{ network: string; url: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    socialCheckedAt: timestamp('social_checked_at', { withTimezone: true }),
    status: text('status', { enum: ['new', 'contacted', 'won', 'lost'] })
      .notNull()
      .default('new'),
    note: text('note'),
    /** Dates in the agency's time zone ('2026-11-25'): when to get back to the lead, when we last did. */
    nextFollowUpOn: date('next_follow_up_on', { mode: 'string' }),
    lastContactedOn: date('last_contacted_on', { mode: 'string' }),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('leads_source_idx').on(t.provider, t.sourceId),
    // The list's order (newest first) for every filter: all leads, one status (a board column), due ones.
    index('leads_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('leads_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('leads_follow_up_idx').on(t.nextFollowUpOn, t.createdAt.desc(), t.id.desc()),
    index('leads_owner_follow_up_idx').on(t.createdBy, t.nextFollowUpOn),
  ],
);

/**
 * Businesses nobody may contact again: hidden from search results and exports whatever the
 * source, matched by provider and id, and by the normalised phone number and website host so the
 * same business found through another provider stays hidden too.
 */
export const doNotContact = pgTable(
  'do_not_contact',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider', { enum: ['directory', 'google', 'osm'] }).notNull(),
    sourceId: text('source_id').notNull(),
    name: text('name').notNull(),
    /** The last ten digits of the phone number, or null. */
    phoneKey: text('phone_key'),
    /** The website's host without 'www.', or null. */
    websiteKey: text('website_key'),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('do_not_contact_source_idx').on(t.provider, t.sourceId),
    index('do_not_contact_phone_idx').on(t.phoneKey),
    index('do_not_contact_website_idx').on(t.websiteKey),
  ],
);

/** Employees who asked for the morning e-mail of their due leads, and the last local day it went out. */
export const leadDigests = pgTable('lead_digests', {
  employeeId: text('employee_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  lastSentOn: date('last_sent_on', { mode: 'string' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The investor directory. Profile URLs are normalised and unique (de-duplication across sources);
 * `search_text` (name, firm, expertise in lower case) carries a full-text index for the search box.
 */
export const investors = pgTable(
  'investors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    title: text('title'),
    firm: text('firm'),
    location: text('location'),
    profilePhoto: text('profile_photo'),
    linkedinUrl: text('linkedin_url').unique(),
    email: text('email'),
    linkedinConnections: integer('linkedin_connections'),
    networkValue: text('network_value'),
    expertise: text('expertise')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    portfolioCompanies: text('portfolio_companies')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    investmentRange: text('investment_range'),
    portfolioSize: integer('portfolio_size'),
    stages: text('stages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    industries: text('industries')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    searchText: text('search_text').notNull(),
    /** The agency's relationship with the investor (a pipeline), kept by hand. */
    relationshipStatus: text('relationship_status', {
      enum: ['not_contacted', 'intro_requested', 'in_talks', 'passed', 'invested'],
    })
      .notNull()
      .default('not_contacted'),
    relationshipNotes: text('relationship_notes'),
    /** Who can introduce us (a name, a note). */
    introducer: text('introducer'),
    nextFollowUpOn: date('next_follow_up_on', { mode: 'string' }),
    source: text('source', { enum: ['demo', 'wikidata', 'csv', 'manual', 'generated'] }).notNull(),
    sourceId: text('source_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('investors_source_idx').on(t.source, t.sourceId),
    index('investors_name_idx').on(t.name, t.id),
    index('investors_stages_idx').using('gin', t.stages),
    index('investors_industries_idx').using('gin', t.industries),
    index('investors_search_idx').using('gin', sql`to_tsvector('simple', ${t.searchText})`),
  ],
);

/**
 * One row per filter an investor answers to ('stage:Seed', 'industry:FinTech' and each
 * 'stage:Seed|industry:FinTech' pair) with the name beside it, so any filtered page is one
 * ordered index range, however rare the combination (docs/decisions/007).
 */
export const investorFacets = pgTable(
  'investor_facets',
  {
    investorId: uuid('investor_id')
      .notNull()
      .references(() => investors.id, { onDelete: 'cascade' }),
    facet: text('facet').notNull(),
    name: text('name').notNull(),
  },
  (t) => [
    uniqueIndex('investor_facets_page_idx').on(t.facet, t.name, t.investorId),
    index('investor_facets_investor_idx').on(t.investorId),
  ],
);

/** The agency's own applications; revenue comes from ledger rows whose product is `stripeProductId`. */
export const applications = pgTable('applications', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  url: text('url').notNull(),
  description: text('description'),
  status: text('status', { enum: ['active', 'deployment'] })
    .notNull()
    .default('active'),
  logoUrl: text('logo_url'),
  iconColor: text('icon_color').notNull().default('#3B82F6'),
  iconType: text('icon_type').notNull().default('mobile-alt'),
  stripeProductId: text('stripe_product_id').unique(),
  isDemo: boolean('is_demo').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Logo uploads: a one-time upload URL (its token stored as a hash) becomes a stored file the
 * server named and re-encoded; files no saved record uses are removed after a day.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose', { enum: ['app-logo', 'portfolio-logo'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    status: text('status', { enum: ['pending', 'stored'] })
      .notNull()
      .default('pending'),
    objectKey: text('object_key').notNull().unique(),
    publicUrl: text('public_url').notNull(),
    contentType: text('content_type'),
    bytes: integer('bytes'),
    createdBy: text('created_by'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    storedAt: timestamp('stored_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploads_created_at_idx').on(t.createdAt)],
);

export * from './auth-schema.js';

/** The latest website check of a business (a search result, saved as a lead or not): one row per place. */
export const websiteChecks = pgTable(
  'website_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider', { enum: ['directory', 'google', 'osm'] }).notNull(),
    sourceId: text('source_id').notNull(),
    name: text('name').notNull(),
    website: text('website').notNull(),
    status: text('status', { enum: ['checked', 'blocked', 'failed'] }).notNull(),
    score: integer('score'),
    message: text('message'),
    findings: jsonb('findings')
      .$type<
        {
          id: string;
          label: string;
          passed: boolean;
          points: number;
          detail: string;
          angle: string | null;
        }[]
      >()
      .notNull()
      .default(sql`'[]'::jsonb`),
    finalUrl: text('final_url'),
    responseMs: integer('response_ms'),
    pageBytes: integer('page_bytes'),
    checkedBy: text('checked_by'),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('website_checks_source_idx').on(t.provider, t.sourceId)],
);
