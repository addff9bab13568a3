import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { businessRegistrations } from './registration.js';

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
