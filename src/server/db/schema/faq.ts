import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The landing page's frequently asked questions, in English and Spanish, edited in settings
 * (issue 28 §7). A blank Spanish text shows the English one, marked lang="en".
 */
export const faqEntries = pgTable('faq_entries', {
  id: serial('id').primaryKey(),
  sortOrder: integer('sort_order').notNull().default(0),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  questionEs: text('question_es'),
  answerEs: text('answer_es'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
