import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { subscriptions } from './payments.js';
import { subscriptionPlans } from './plans.js';
import { businessRegistrations } from './registration.js';

/**
 * The client's project (issue 29 §4): one per paying client (registration), following the
 * subscription it was last paid under. Its tracks come from that subscription's plan; when the
 * subscription is cancelled the project is archived, never deleted (docs/decisions/039).
 */
export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    registrationId: uuid('registration_id')
      .notNull()
      .unique()
      .references(() => businessRegistrations.id),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    /** The plan the tracks were last made from; a different plan on the subscription re-makes them. */
    planId: integer('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** The client's choice: an e-mail at each step (false) or one daily digest (true). */
    dailyDigest: boolean('daily_digest').notNull().default(false),
    /** The last day (APP_TIMEZONE) a digest was claimed: two instances never send one twice. */
    digestSentOn: date('digest_sent_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('projects_archived_idx').on(t.archivedAt)],
);

/** A service of the plan as a track of the project; a track the plan no longer has is kept, marked removed. */
export const projectTracks = pgTable(
  'project_tracks',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    kind: text('kind', { enum: ['website', 'commercial-1', 'commercial-2', 'social'] }).notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.kind] })],
);

/** One stage of a track (Website: Discovery … Launch), with its due date and deliverable. */
export const projectMilestones = pgTable(
  'project_milestones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    track: text('track', { enum: ['website', 'commercial-1', 'commercial-2'] }).notNull(),
    stage: text('stage').notNull(),
    position: integer('position').notNull(),
    status: text('status', {
      enum: ['todo', 'in_progress', 'in_review', 'changes_requested', 'done'],
    })
      .notNull()
      .default('todo'),
    dueOn: date('due_on', { mode: 'string' }),
    deliverableUrl: text('deliverable_url'),
    deliverableNote: text('deliverable_note'),
    /**
     * A file attached as the deliverable (beside or instead of the link), kept privately by the
     * uploads feature under this key (`project/{project}/{id}.webp|pdf`), read only through the
     * employee and client routes; its type as served (image/webp or application/pdf) and size.
     */
    deliverableFileKey: text('deliverable_file_key'),
    deliverableFileType: text('deliverable_file_type', { enum: ['image/webp', 'application/pdf'] }),
    deliverableFileBytes: integer('deliverable_file_bytes'),
    /** The client's last answer to a review ('Request changes' needs one). */
    reviewComment: text('review_comment'),
    sentForReviewAt: timestamp('sent_for_review_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('project_milestones_project_idx').on(t.projectId, t.track, t.position),
    // The board's overdue count: open milestones by due date.
    index('project_milestones_open_due_idx')
      .on(t.projectId, t.dueOn)
      .where(sql`${t.status} <> 'done'`),
  ],
);

/** The social media track's calendar: posts planned and published in a month ('2026-11'). */
export const projectSocialMonths = pgTable(
  'project_social_months',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    month: text('month').notNull(),
    planned: integer('planned').notNull().default(0),
    published: integer('published').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.month] })],
);

/**
 * What happened on a project that the client hears of: e-mailed at once (notified_at set in the
 * same transaction) or, with the daily digest, listed in the next digest.
 */
export const projectEvents = pgTable(
  'project_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    milestoneId: uuid('milestone_id').references(() => projectMilestones.id),
    kind: text('kind', {
      enum: ['status', 'due', 'sent_for_review', 'approved', 'changes_requested'],
    }).notNull(),
    detail: jsonb('detail').$type<Record<string, string | null>>(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    index('project_events_waiting_idx')
      .on(t.projectId, t.at)
      .where(sql`${t.notifiedAt} is null`),
  ],
);
