import { afterEach, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { MailMessage, MailTransport } from './adapters/mail/index.js';
import { buildApp } from './app.js';
import { enqueueMail } from './features/notifications/index.js';
import { createTestDatabase, testConfig, type TestDatabase } from './test/databases.js';

// The job registry as the app wires it: the server (startWorkers) runs the background jobs, tests
// do not, and closing the app stops every job either way (the outbox's stop closes its transport).
let testDb: TestDatabase | undefined;
let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  await testDb?.cleanup();
});

async function appWithMailbox(startWorkers: boolean) {
  testDb = await createTestDatabase('pglite', { seed: false });
  const mailbox = { sent: [] as string[], closed: 0 };
  const transport: MailTransport = {
    kind: 'smtp',
    deliversSecrets: true,
    send: async (message: MailMessage) => void mailbox.sent.push(message.to),
    close: () => void mailbox.closed++,
  };
  app = await buildApp({
    config: testConfig(),
    database: testDb.database,
    mailTransport: transport,
    startWorkers,
  });
  const mail = { to: 'client@example.com', subject: 'Hello', text: 'Hi', kind: 'test' };
  await enqueueMail(testDb.database.db, [mail]);
  app.services.mailQueued();
  return mailbox;
}

it('with startWorkers the outbox delivers, and closing the app stops its jobs', async () => {
  const mailbox = await appWithMailbox(true);
  await vi.waitFor(() => expect(mailbox.sent).toEqual(['client@example.com']), { timeout: 5000 });
  await app!.close();
  app = undefined;
  expect(mailbox.closed).toBe(1);
});

it('without startWorkers nothing runs in the background, and closing still stops every job', async () => {
  const mailbox = await appWithMailbox(false);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(mailbox.sent).toEqual([]);
  await app!.close();
  app = undefined;
  expect(mailbox.closed).toBe(1);
});
