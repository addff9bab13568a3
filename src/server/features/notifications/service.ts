import { desc, sql } from 'drizzle-orm';
import { OUTBOX_PAGE_SIZE, type OutboxMessage } from '../../../contract/notifications/outbox.js';
import type { Db } from '../../db/client.js';
import { outboxMessages } from '../../db/schema.js';

/** Reads the outbox for employees: what the product sent (or is sending) to whom. */
export function createOutboxReader(db: Db) {
  return {
    /** The newest messages first, at most OUTBOX_PAGE_SIZE; to one recipient (ignoring case) when given. */
    async list(filter: { recipient?: string | undefined }): Promise<OutboxMessage[]> {
      // Never the secret columns: employees read the redacted message (docs/decisions/023).
      const rows = await db
        .select({
          id: outboxMessages.id,
          kind: outboxMessages.kind,
          to: outboxMessages.to,
          subject: outboxMessages.subject,
          body: outboxMessages.body,
          status: outboxMessages.status,
          lastError: outboxMessages.lastError,
          createdAt: outboxMessages.createdAt,
          sentAt: outboxMessages.sentAt,
        })
        .from(outboxMessages)
        .where(
          filter.recipient === undefined
            ? undefined
            : sql`lower(${outboxMessages.to}) = lower(${filter.recipient})`,
        )
        .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
        .limit(OUTBOX_PAGE_SIZE);
      return rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        to: r.to,
        subject: r.subject,
        text: r.body,
        status: r.status,
        lastError: r.lastError,
        createdAt: r.createdAt.toISOString(),
        sentAt: r.sentAt?.toISOString() ?? null,
      }));
    },
  };
}
export type OutboxReader = ReturnType<typeof createOutboxReader>;
