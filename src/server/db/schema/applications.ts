import { boolean, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

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
