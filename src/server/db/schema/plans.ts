import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

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
  /** The Spanish texts the agency writes in settings; null or empty: the English ones, marked lang="en" (docs/decisions/033). */
  descriptionEs: text('description_es'),
  featuresEs: jsonb('features_es')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  renewalPriceCents: integer('renewal_price_cents'),
  mostPopular: boolean('most_popular').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
