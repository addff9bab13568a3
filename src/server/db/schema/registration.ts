import { integer, pgTable, text, timestamp, uuid, index } from 'drizzle-orm/pg-core';
import { subscriptionPlans } from './plans.js';

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
