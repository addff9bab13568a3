import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from '../auth-schema.js';
import { businessRegistrations } from './registration.js';

/**
 * A client's support request (issue 30, docs/decisions/041): from the billing page, an e-mail or
 * the uptime check. `first_response_due_at` is fixed when it is opened (the targets and business
 * hours of that moment); the first team reply sets `first_response_at` and never moves it again.
 */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the client and the team call it (#1042). */
    number: serial('number').notNull().unique(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => businessRegistrations.id, { onDelete: 'cascade' }),
    topic: text('topic', {
      enum: ['website_change', 'broken', 'commercials', 'social', 'billing'],
    }).notNull(),
    urgency: text('urgency', { enum: ['urgent', 'normal'] }).notNull(),
    status: text('status', { enum: ['open', 'answered', 'closed'] })
      .notNull()
      .default('open'),
    source: text('source', { enum: ['web', 'email', 'uptime', 'certificate'] }).notNull(),
    title: text('title').notNull(),
    /** The secret part of the request's reply address (support+<token>@…): no one guesses it. */
    replyToken: text('reply_token').notNull().unique(),
    assigneeId: text('assignee_id').references(() => user.id, { onDelete: 'set null' }),
    firstResponseDueAt: timestamp('first_response_due_at', { withTimezone: true }).notNull(),
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
    /** Urgent: the on-call employee was told; acknowledged stops the escalation; escalated once. */
    notifiedEmployeeId: text('notified_employee_id').references(() => user.id, {
      onDelete: 'set null',
    }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedById: text('acknowledged_by_id').references(() => user.id, {
      onDelete: 'set null',
    }),
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    resolution: text('resolution'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    mergedIntoId: uuid('merged_into_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_requests_queue_idx').on(t.status, t.firstResponseDueAt),
    index('support_requests_registration_idx').on(t.registrationId, t.createdAt),
    index('support_requests_created_idx').on(t.createdAt),
    index('support_requests_escalation_idx')
      .on(t.createdAt)
      .where(sql`urgency = 'urgent' and acknowledged_at is null and escalated_at is null`),
  ],
);

export interface StoredSupportAttachment {
  id: string;
  contentType: string;
  size: number;
  name: string;
}

/** One message of a request: the client's, the team's, the product's own, or an internal note. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => supportRequests.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['client', 'team', 'system', 'note'] }).notNull(),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    /** The name as it was, so the thread outlives the employee. */
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    via: text('via', { enum: ['web', 'email', 'system'] }).notNull(),
    attachments: jsonb('attachments').$type<StoredSupportAttachment[]>().notNull().default([]),
    /** An inbound e-mail's Message-ID: a provider's retry of the same mail adds nothing. */
    messageId: text('message_id').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('support_messages_request_idx').on(t.requestId, t.createdAt)],
);

/**
 * Files attached to messages, kept privately by the uploads feature under
 * `support/{registration}/{id}.webp|pdf`; `message_id` is set when a message uses them.
 */
export const supportFiles = pgTable(
  'support_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => businessRegistrations.id, { onDelete: 'cascade' }),
    /** Who uploaded it: the client, or an employee. */
    uploadedBy: text('uploaded_by', { enum: ['client', 'team'] }).notNull(),
    objectKey: text('object_key').notNull().unique(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    name: text('name').notNull(),
    messageId: uuid('message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_files_registration_idx').on(t.registrationId)],
);

/** Replies the team reuses, in both languages (the client's language picks which). */
export const supportSavedReplies = pgTable('support_saved_replies', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  en: text('en').notNull(),
  es: text('es').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The business hours and targets (one row, id 1; the defaults until an owner saves). */
export const supportSettings = pgTable('support_settings', {
  id: integer('id').primaryKey(),
  weekdays: jsonb('weekdays').$type<number[]>().notNull(),
  start: text('start').notNull(),
  end: text('end').notNull(),
  holidays: jsonb('holidays').$type<string[]>().notNull(),
  urgentMinutes: integer('urgent_minutes').notNull(),
  normalBusinessDays: integer('normal_business_days').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The on-call rotation: employees in turn, a week each (Monday to Monday in APP_TIMEZONE);
 * position 0 is on call the week of `anchor_week` (saved with the row).
 */
export const supportOnCall = pgTable(
  'support_on_call',
  {
    position: integer('position').primaryKey(),
    employeeId: text('employee_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    anchorWeek: date('anchor_week', { mode: 'string' }).notNull(),
  },
  (t) => [uniqueIndex('support_on_call_employee_idx').on(t.employeeId)],
);

/** Inbound e-mail that reached no request: kept for the team to read, never dropped. */
export const supportInboundMail = pgTable(
  'support_inbound_mail',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    from: text('from_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    reason: text('reason', {
      enum: ['unknown_sender', 'not_the_client', 'unknown_request', 'several_businesses'],
    }).notNull(),
    messageId: text('message_id').unique(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_inbound_mail_received_idx').on(t.receivedAt)],
);
