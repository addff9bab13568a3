import { integer, pgTable, text, timestamp, uuid, index } from 'drizzle-orm/pg-core';

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
