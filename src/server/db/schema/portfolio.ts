import { boolean, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const portfolioItems = pgTable('portfolio_items', {
  id: serial('id').primaryKey(),
  websiteName: text('website_name').notNull(),
  websiteUrl: text('website_url').notNull(),
  logoUrl: text('logo_url'),
  description: text('description'),
  /** The description in Spanish (null: the English one, marked lang="en"). */
  descriptionEs: text('description_es'),
  isDemo: boolean('is_demo').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
