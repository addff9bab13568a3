import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { createLogTransport, createSmtpTransport } from '../../adapters/mail/index.js';
import { outboxMessages } from '../../db/schema.js';
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '../../test/databases.js';
import { createOutboxWorker, enqueueMail, REDACTED, retryDelayMs } from './outbox.js';

const log = pino({ enabled: false }) as unknown as FastifyBaseLogger;
const FROM = '"Test Agency" <help@example.com>';

/** What the local SMTP server accepted: the raw message and the envelope recipients. */
const received: { raw: string; rcptTo: string[] }[] = [];
let rejectNext = false;
let smtpUrl = '';

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, cb) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      if (rejectNext) return cb(Object.assign(new Error('try later'), { responseCode: 451 }));
      received.push({
        raw: Buffer.concat(chunks).toString('utf8'),
        rcptTo: session.envelope.rcptTo.map((r) => r.address),
      });
      cb();
    });
  },
});

beforeAll(async () => {
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  smtpUrl = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** How many received messages carry this subject. */
const countSubject = (subject: string) =>
  received.filter((m) => m.raw.includes(`Subject: ${subject}\r\n`)).length;

describe('retryDelayMs', () => {
  it('doubles from 30 s and stops at one hour', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(0)).toBe(30_000);
    expect(retryDelayMs(8)).toBe(60 * 60_000);
    expect(retryDelayMs(50)).toBe(60 * 60_000);
  });
});

describe.each(TEST_DATABASES)('outbox over SMTP on %s', (kind) => {
  let testDb: TestDatabase;
  const newWorker = () =>
    createOutboxWorker({
      db: testDb.database.db,
      transport: createSmtpTransport(smtpUrl, FROM),
      log,
    });
  const rows = () => testDb.database.db.select().from(outboxMessages);

  beforeAll(async () => {
    testDb = await createTestDatabase(kind, { seed: false });
  });
  afterAll(async () => {
    await testDb.cleanup();
  });
  beforeEach(async () => {
    received.length = 0;
    rejectNext = false;
    await testDb.database.db.delete(outboxMessages);
  });

  it('sends a burst larger than one batch in one drain, not one batch per interval', async () => {
    await enqueueMail(
      testDb.database.db,
      Array.from({ length: 45 }, (_, i) => ({
        kind: 'renewal',
        to: `client${i}@example.com`,
        subject: `Renewal ${i}`,
        text: 'Your plan renewed.',
      })),
    );
    const worker = newWorker();
    try {
      expect(await worker.drain()).toBe(45);
      expect(received).toHaveLength(45);
      expect((await rows()).every((r) => r.status === 'sent')).toBe(true);
    } finally {
      await worker.stop();
    }
  });

  it('sends an urgent alert before the renewal mail queued ahead of it', async () => {
    await enqueueMail(
      testDb.database.db,
      Array.from({ length: 30 }, (_, i) => ({
        kind: 'renewal',
        to: `client${i}@example.com`,
        subject: `Renewal ${i}`,
        text: 'Your plan renewed.',
      })),
    );
    await enqueueMail(testDb.database.db, [
      {
        kind: 'team_support_urgent',
        to: 'on-call@example.com',
        subject: 'URGENT support request #7',
        text: 'A client site is down.',
        urgent: true,
      },
    ]);
    const worker = newWorker();
    try {
      expect(await worker.drain()).toBe(31);
      expect(received[0]!.raw).toContain('Subject: URGENT support request #7');
    } finally {
      await worker.stop();
    }
  });

  it('delivers enqueued mail once and marks it sent', async () => {
    await enqueueMail(testDb.database.db, [
      {
        kind: 'welcome',
        to: 'sam@example.com',
        subject: 'Welcome aboard',
        text: 'Hello Sam, your account is ready.',
      },
      {
        kind: 'receipt',
        to: 'kim@example.com',
        subject: 'Your receipt',
        text: 'Thanks Kim, we received your payment.',
      },
    ]);
    const worker = newWorker();
    try {
      expect(await worker.drain()).toBe(2);
      expect(received).toHaveLength(2);
      const bySubject = (s: string) => received.find((m) => m.raw.includes(`Subject: ${s}\r\n`));
      expect(bySubject('Welcome aboard')?.rcptTo).toEqual(['sam@example.com']);
      expect(bySubject('Welcome aboard')?.raw).toContain('Hello Sam, your account is ready.');
      expect(bySubject('Your receipt')?.rcptTo).toEqual(['kim@example.com']);
      expect(bySubject('Your receipt')?.raw).toContain('Thanks Kim, we received your payment.');
      for (const m of received)
        expect(m.raw).toMatch(/^From: "?Test Agency"? <help@example\.com>\r$/m);

      const stored = await rows();
      expect(stored).toHaveLength(2);
      for (const row of stored) {
        expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
        expect(row.sentAt).toBeInstanceOf(Date);
      }
      expect(await worker.drain()).toBe(0);
      expect(received).toHaveLength(2);
    } finally {
      await worker.stop();
    }
  });

  it('sends a one-time link as written, stores it only redacted and erases it once delivered', async () => {
    const token = 'Tok3n-only-the-client-may-read_0123456789';
    const text = `Your link: https://agency.example/account?token=${token}\nIt works once.`;
    const html = `<a href="https://agency.example/account?token=${token}">Open</a>`;
    await enqueueMail(testDb.database.db, [
      {
        kind: 'client_billing_link',
        to: 'ana@example.com',
        subject: 'Your link',
        text,
        html,
        secrets: [token],
      },
    ]);
    const [queued] = await rows();
    expect(queued).toMatchObject({
      body: `Your link: https://agency.example/account?token=${REDACTED}\nIt works once.`,
      secretText: text,
      secretHtml: html,
    });
    expect(queued!.html).toBe(
      `<a href="https://agency.example/account?token=${REDACTED}">Open</a>`,
    );

    const worker = newWorker();
    try {
      expect(await worker.drain()).toBe(1);
    } finally {
      await worker.stop();
    }
    expect(received).toHaveLength(1);
    // Quoted-printable may fold long lines: compare without soft breaks.
    expect(received[0]!.raw.replace(/=\r\n/g, '')).toContain(token);
    const [sent] = await rows();
    expect(sent).toMatchObject({ status: 'sent', secretText: null, secretHtml: null });
    expect(JSON.stringify(sent)).not.toContain(token);
    await expect(
      enqueueMail(testDb.database.db, [
        { kind: 'x', to: 'a@example.com', subject: 's', text: 'short', secrets: ['short'] },
      ]),
    ).rejects.toThrow(/at least 16/);
  });

  it.each([
    { site: 'a public site (https PUBLIC_URL)', deliversSecrets: false },
    { site: 'a local npm start, whose log is its only mailbox', deliversSecrets: true },
  ])(
    'without an SMTP server, on $site, logs the link accordingly and keeps no secret',
    async ({ deliversSecrets }) => {
      const token = `An0ther-one-time-token-for-the-log-test_${deliversSecrets}`;
      await enqueueMail(testDb.database.db, [
        {
          kind: 'client_billing_link',
          to: 'bo@example.com',
          subject: 'Link',
          text: `Open ?token=${token}`,
          secrets: [token],
        },
      ]);
      const lines: unknown[] = [];
      const transport = createLogTransport({ info: (obj: unknown) => lines.push(obj) } as never, {
        deliversSecrets,
      });
      const worker = createOutboxWorker({ db: testDb.database.db, transport, log });
      try {
        expect(await worker.drain()).toBe(1);
      } finally {
        await worker.stop();
      }
      expect(lines).toHaveLength(1);
      expect(JSON.stringify(lines)).toContain(
        deliversSecrets ? `?token=${token}` : `?token=${REDACTED}`,
      );
      if (!deliversSecrets) expect(JSON.stringify(lines)).not.toContain(token);
      expect(JSON.stringify(await rows())).not.toContain(token);
    },
  );

  it('keeps a rejected message pending and delivers it on a later attempt', async () => {
    const db = testDb.database.db;
    await enqueueMail(db, [
      { kind: 'welcome', to: 'lee@example.com', subject: 'Retry me', text: 'Second time lucky.' },
    ]);
    const worker = newWorker();
    try {
      rejectNext = true;
      const before = Date.now();
      expect(await worker.drain()).toBe(0);
      const after = Date.now();
      expect(received).toHaveLength(0);
      const [failed] = await rows();
      expect(failed).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
      expect(failed!.lastError).toMatch(/451/);
      expect(failed!.lastError).toContain('try later');
      const retryAt = failed!.nextAttemptAt.getTime();
      expect(retryAt).toBeGreaterThanOrEqual(before + retryDelayMs(1));
      expect(retryAt).toBeLessThanOrEqual(after + retryDelayMs(1));

      expect(await worker.drain()).toBe(0);
      expect((await rows())[0]).toMatchObject({ status: 'pending', attempts: 1 });

      await db
        .update(outboxMessages)
        .set({ nextAttemptAt: sql`now() - interval '1 second'` })
        .where(eq(outboxMessages.id, failed!.id));
      rejectNext = false;
      expect(await worker.drain()).toBe(1);
      expect(received).toHaveLength(1);
      expect(received[0]!.rcptTo).toEqual(['lee@example.com']);
      expect(received[0]!.raw).toContain('Second time lucky.');
      const [sent] = await rows();
      expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
      expect(sent!.sentAt).toBeInstanceOf(Date);
    } finally {
      await worker.stop();
    }
  });

  it('two workers draining at once send each message exactly once', async () => {
    const [w1, w2] = [newWorker(), newWorker()];
    // On PostgreSQL, hold the table until both claims wait on it, so they really start together (3 rounds: the race is timing-dependent).
    const gate = testDb.url ? new pg.Client({ connectionString: testDb.url }) : undefined;
    const waiting =
      "select count(*)::int as n from pg_locks where not granted and relation = 'outbox_messages'::regclass";
    try {
      await gate?.connect();
      for (const round of [1, 2, 3]) {
        received.length = 0;
        const subjects = Array.from({ length: 6 }, (_, i) => `Concurrent ${round}.${i + 1}`);
        await enqueueMail(
          testDb.database.db,
          subjects.map((subject, i) => ({
            kind: 'bulk',
            to: `u${i}@example.com`,
            subject,
            text: `Body of ${subject}.`,
          })),
        );
        await gate?.query('begin; lock table outbox_messages in exclusive mode');
        const drains = Promise.all([w1.drain(), w2.drain()]);
        while (gate && (await gate.query<{ n: number }>(waiting)).rows[0]!.n < 2)
          await new Promise((r) => setTimeout(r, 5));
        await gate?.query('commit');
        const [a, b] = await drains;
        expect(received).toHaveLength(6);
        expect(a + b).toBe(6);
        for (const subject of subjects) expect(countSubject(subject), subject).toBe(1);
      }
      const stored = await rows();
      expect(stored).toHaveLength(18);
      expect(stored.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
      expect(await Promise.all([w1.drain(), w2.drain()])).toEqual([0, 0]);
    } finally {
      await gate?.end();
      await Promise.all([w1.stop(), w2.stop()]);
    }
  });
});
