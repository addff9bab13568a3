import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { OnboardingAnswers } from '../../../contract/onboarding/onboarding.js';
import { businessRegistrations } from './registration.js';

/**
 * A paying client's onboarding answers ('Tell us about your business', issue 29 §3): one row per
 * client, saved as a draft while they type. `version` grows with each save; a save made from an
 * older version (another tab) is refused, so no tab overwrites another's answers unseen.
 */
export const onboardingAnswers = pgTable('onboarding_answers', {
  registrationId: uuid('registration_id')
    .primaryKey()
    .references(() => businessRegistrations.id),
  answers: jsonb('answers').$type<OnboardingAnswers>().notNull(),
  version: integer('version').notNull().default(1),
  status: text('status', { enum: ['draft', 'submitted'] })
    .notNull()
    .default('draft'),
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The client's logo and photos: re-encoded by the uploads feature and kept under
 * `onboarding/{registrationId}/{id}.webp` in the storage (disk or bucket), never at a public
 * address: the client and employees read them through the API (docs/decisions/038).
 */
export const onboardingFiles = pgTable(
  'onboarding_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => businessRegistrations.id),
    kind: text('kind', { enum: ['logo', 'photo'] }).notNull(),
    objectKey: text('object_key').notNull().unique(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('onboarding_files_registration_idx').on(t.registrationId, t.createdAt)],
);
