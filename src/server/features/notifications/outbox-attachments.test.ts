import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema.js';
import { createTestDatabase, TEST_DATABASES } from '../../test/databases.js';
import { createOutboxWorker, enqueueMail } from './outbox.js';

const INVITE = {
  filename: 'invite.ics',
  contentType: 'text/calendar; charset=utf-8; method=REQUEST',
  content: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n',
};

describe.each(TEST_DATABASES)('the outbox keeps attachments on %s', (kind) => {
  it('stores them with the message and hands them to the transport', async () => {
    const testDb = await createTestDatabase(kind, { seed: false });
    try {
      const db = testDb.database.db;
      await enqueueMail(db, [
        {
          kind: 'test_invite',
          to: 'x@example.com',
          subject: 'Invite',
          text: 'Hi',
          attachments: [INVITE],
        },
        { kind: 'test_plain', to: 'y@example.com', subject: 'Plain', text: 'Hi' },
      ]);
      const sent: unknown[] = [];
      const worker = createOutboxWorker({
        db,
        log: { warn: () => {}, error: () => {} } as unknown as FastifyBaseLogger,
        transport: {
          kind: 'log',
          deliversSecrets: false,
          send: async (message) => void sent.push(message),
          close: () => {},
        },
      });
      expect(await worker.drain()).toBe(2);
      expect(sent).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ to: 'x@example.com', attachments: [INVITE] }),
          expect.objectContaining({ to: 'y@example.com', attachments: null }),
        ]),
      );
      const [row] = await db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.to, 'x@example.com'));
      expect(row!.attachments).toEqual([INVITE]);
    } finally {
      await testDb.cleanup();
    }
  });
});
