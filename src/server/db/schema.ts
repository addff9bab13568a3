import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, serial, text, timestamp, uuid, index } from 'drizzle-orm/pg-core';

export const subscriptionPlans = pgTable('subscription_plans', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  displayName: text('display_name').notNull(),
  description: text('description').notNull(),
  priceCents: integer('price_cents').notNull(),
  currency: text('currency').notNull().default('usd'),
  billingCycle: text('billing_cycle').notNull().default('month'),
  features: jsonb('features').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
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
    planId: integer('plan_id').notNull().references(() => subscriptionPlans.id),
    website: text('website'),
    description: text('description'),
    status: text('status', { enum: ['pending_payment', 'active'] }).notNull().default('pending_payment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('business_registrations_created_at_idx').on(t.createdAt), index('business_registrations_email_idx').on(t.email)],
);

/** Markers such as "the demo seed ran", so seeding happens once per database. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
