import { asc, eq } from 'drizzle-orm';
import type { SavedReply } from '../../../contract/support/support.js';
import type { Db } from '../../db/client.js';
import { supportSavedReplies } from '../../db/schema.js';
import { isUuid } from '../../db/ids.js';
import { HttpError } from '../../http/errors.js';

/** Replies the team reuses, in English and Spanish (the client's language picks which). */
export function createSavedReplies(db: Db) {
  return {
    async list(): Promise<{ items: SavedReply[] }> {
      const rows = await db
        .select()
        .from(supportSavedReplies)
        .orderBy(asc(supportSavedReplies.title), asc(supportSavedReplies.id));
      return { items: rows.map(({ id, title, en, es }) => ({ id, title, en, es })) };
    },
    async create(input: { title: string; en: string; es: string }): Promise<SavedReply> {
      const [row] = await db.insert(supportSavedReplies).values(input).returning();
      return { id: row!.id, title: row!.title, en: row!.en, es: row!.es };
    },
    async update(
      id: string,
      input: { title: string; en: string; es: string },
    ): Promise<SavedReply> {
      const [row] = isUuid(id)
        ? await db
            .update(supportSavedReplies)
            .set({ ...input, updatedAt: new Date() })
            .where(eq(supportSavedReplies.id, id))
            .returning()
        : [];
      if (!row) throw new HttpError(404, 'This saved reply does not exist.');
      return { id: row.id, title: row.title, en: row.en, es: row.es };
    },
    async remove(id: string): Promise<void> {
      const rows = isUuid(id)
        ? await db
            .delete(supportSavedReplies)
            .where(eq(supportSavedReplies.id, id))
            .returning({ id: supportSavedReplies.id })
        : [];
      if (rows.length === 0) throw new HttpError(404, 'This saved reply does not exist.');
    },
  };
}
export type SavedReplies = ReturnType<typeof createSavedReplies>;
