import { asc } from 'drizzle-orm';
import type { FaqInput } from '../../../contract/faq/admin.js';
import type { FaqEntry } from '../../../contract/faq/faq.js';
import type { Db } from '../../db/client.js';
import { faqEntries } from '../../db/schema.js';
import { createCachedJson } from '../../lib/cached-json.js';

const COLUMNS = {
  id: faqEntries.id,
  question: faqEntries.question,
  answer: faqEntries.answer,
  questionEs: faqEntries.questionEs,
  answerEs: faqEntries.answerEs,
};

export async function listFaq(db: Db): Promise<FaqEntry[]> {
  return db.select(COLUMNS).from(faqEntries).orderBy(asc(faqEntries.sortOrder), asc(faqEntries.id));
}

/** Replaces the FAQ with the list settings sent, in its order. */
export async function saveFaq(db: Db, input: FaqInput): Promise<FaqEntry[]> {
  return db.transaction(async (tx) => {
    await tx.delete(faqEntries);
    if (input.entries.length === 0) return [];
    return tx
      .insert(faqEntries)
      .values(
        input.entries.map((entry, i) => ({
          question: entry.question,
          answer: entry.answer,
          questionEs: entry.questionEs ?? null,
          answerEs: entry.answerEs ?? null,
          sortOrder: i + 1,
        })),
      )
      .returning(COLUMNS);
  });
}

/** The FAQ the landing page shows (and its JSON-LD): cached and serialised like the plans. */
export function createFaqCatalogue(db: Db, ttlMs = 5_000) {
  return createCachedJson(() => listFaq(db), ttlMs);
}
export type FaqCatalogue = ReturnType<typeof createFaqCatalogue>;
