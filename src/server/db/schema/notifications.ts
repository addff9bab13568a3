import { integer, jsonb, pgTable, text, timestamp, uuid, index } from 'drizzle-orm/pg-core';

/** A file sent with an e-mail (a calendar invitation): its text content as written. */
export interface StoredAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/**
 * E-mails to send, written in the same transaction as what they report, so none is lost;
 * a worker delivers them and retries failures with a growing delay.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The same message as HTML, for clients' e-mails (the text body is always there). */
    html: text('html'),
    /**
     * The message as the recipient gets it when it carries a one-time link or token: `body` and
     * `html` then hold it redacted (what employees see), these the real one, for the transport
     * only; erased once delivered (docs/decisions/023).
     */
    secretText: text('secret_text'),
    secretHtml: text('secret_html'),
    /** Sent before the others when due together (an urgent support request's alerts): 1, else 0. */
    priority: integer('priority').notNull().default(0),
    /** Where the recipient's reply goes (a support request's own address); the sender when null. */
    replyTo: text('reply_to'),
    /** Files sent with the message (an `.ics` invitation); null for most. */
    attachments: jsonb('attachments').$type<StoredAttachment[]>(),
    status: text('status', { enum: ['pending', 'sent'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_messages_due_idx').on(t.status, t.nextAttemptAt)],
);
