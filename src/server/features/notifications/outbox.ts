import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage, MailTransport } from '../../adapters/mail/index.js';
import type { Db } from '../../db/client.js';
import { outboxMessages } from '../../db/schema.js';
import { jobRunReporter, type JobRunListener } from '../../lib/jobs.js';

/** What stands in an e-mail, as employees and the log see it, where a one-time token was. */
export const REDACTED = '[redacted]';
/** Shorter "secrets" would redact ordinary words: a token is long and random. */
const SECRET_MIN_LENGTH = 16;

/** An e-mail to queue; `secrets` are one-time tokens in it (a sign-in link's) that only the recipient may read. */
export type OutgoingMail = MailMessage & {
  kind: string;
  secrets?: readonly string[] | undefined;
  /** Sent ahead of other due mail (an urgent support alert must not wait behind a renewal run). */
  urgent?: boolean;
};

/** The text with every secret replaced by REDACTED. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  return secrets.reduce((out, secret) => out.replaceAll(secret, REDACTED), text);
}

/**
 * Writes e-mails to the outbox; call it inside the transaction of what they report. A message
 * with secrets is stored redacted in `body`/`html` (what the outbox API shows) and as written in
 * `secret_text`/`secret_html`, which only the worker reads and which it erases once delivered.
 */
export async function enqueueMail(db: Db, messages: OutgoingMail[]): Promise<void> {
  if (messages.length === 0) return;
  await db.insert(outboxMessages).values(
    messages.map((m) => {
      const secrets = m.secrets ?? [];
      if (secrets.some((s) => s.length < SECRET_MIN_LENGTH))
        throw new Error(`A secret in an e-mail has at least ${SECRET_MIN_LENGTH} characters.`);
      const html = m.html ?? null;
      const attachments = m.attachments?.length ? [...m.attachments] : null;
      const replyTo = m.replyTo ?? null;
      const priority = m.urgent ? 1 : 0;
      if (secrets.length === 0)
        return {
          kind: m.kind,
          to: m.to,
          subject: m.subject,
          body: m.text,
          html,
          attachments,
          replyTo,
          priority,
        };
      return {
        attachments,
        replyTo,
        priority,
        kind: m.kind,
        to: m.to,
        subject: redactSecrets(m.subject, secrets),
        body: redactSecrets(m.text, secrets),
        html: html === null ? null : redactSecrets(html, secrets),
        secretText: m.text,
        secretHtml: html,
      };
    }),
  );
}

/** A claimed message is left alone by other workers for this long, then tried again. */
const LEASE_MS = 5 * 60_000;
const BATCH = 20;

/** 30 s, 1 min, 2 min, … at most an hour: a failed send is retried, never dropped. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

export interface OutboxWorker {
  /** Sends what is due now; resolves with the number sent. */
  drain(): Promise<number>;
  /** Asks for a drain soon (after an enqueue), without waiting for the next tick. */
  nudge(): void;
  start(): void;
  stop(): Promise<void>;
  /** Told of each drain (a run of the 'outbox delivery' job), failed when it could not read or write the outbox. */
  onRun: (listener: JobRunListener) => void;
}

export function createOutboxWorker(options: {
  db: Db;
  transport: MailTransport;
  log: FastifyBaseLogger;
  intervalMs?: number;
}): OutboxWorker {
  const { db, transport, log } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = false;
  const runs = jobRunReporter();

  /** Claims due messages (SKIP LOCKED: several instances never take the same one). */
  async function claim() {
    const due = db
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(
        and(eq(outboxMessages.status, 'pending'), lte(outboxMessages.nextAttemptAt, sql`now()`)),
      )
      .orderBy(desc(outboxMessages.priority), asc(outboxMessages.createdAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(outboxMessages)
      .set({
        attempts: sql`${outboxMessages.attempts} + 1`,
        nextAttemptAt: new Date(Date.now() + LEASE_MS),
      })
      .where(inArray(outboxMessages.id, due))
      .returning();
    // RETURNING keeps no order: send urgent first, then oldest first, as the claim chose them.
    return claimed.sort(
      (a, b) => b.priority - a.priority || a.createdAt.getTime() - b.createdAt.getTime(),
    );
  }

  /** Sends one batch; answers how many were sent and whether the batch was full (more may wait). */
  async function drainBatch(): Promise<{ sent: number; full: boolean }> {
    let sent = 0;
    const claimed = await claim();
    for (const message of claimed) {
      try {
        // A public site's log is no mailbox: it gets the redacted message, as employees see it.
        const real = transport.deliversSecrets && message.secretText !== null;
        await transport.send({
          to: message.to,
          subject: message.subject,
          text: real ? message.secretText! : message.body,
          html: real ? message.secretHtml : message.html,
          attachments: message.attachments,
          replyTo: message.replyTo,
        });
        // Delivered: the one-time link is the recipient's alone now, so the table keeps none.
        await db
          .update(outboxMessages)
          .set({
            status: 'sent',
            sentAt: new Date(),
            lastError: null,
            secretText: null,
            secretHtml: null,
          })
          .where(eq(outboxMessages.id, message.id));
        sent++;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const retryAt = new Date(Date.now() + retryDelayMs(message.attempts));
        await db
          .update(outboxMessages)
          .set({ lastError: reason.slice(0, 1000), nextAttemptAt: retryAt })
          .where(eq(outboxMessages.id, message.id));
        log.warn(
          { outboxId: message.id, kind: message.kind, attempts: message.attempts, retryAt, reason },
          'e-mail not sent; will retry',
        );
      }
    }
    return { sent, full: claimed.length === BATCH };
  }

  /**
   * Sends batch after batch while they come full: a burst (a month's renewals at once) goes out
   * now, not BATCH messages per interval.
   */
  async function drainOnce(): Promise<number> {
    let total = 0;
    for (;;) {
      const { sent, full } = await drainBatch();
      total += sent;
      if (!full || stopped) return total;
    }
  }

  function drain(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = runs.timed(drainOnce).finally(() => {
      running = undefined;
      if (again && !stopped) {
        again = false;
        tick();
      }
    });
    return running;
  }

  const tick = () =>
    void drain().catch((error: unknown) => log.error({ err: error }, 'outbox drain failed'));

  return {
    drain,
    nudge: () => {
      if (timer) setImmediate(tick);
    },
    start() {
      timer ??= setInterval(tick, options.intervalMs ?? 10_000);
      timer.unref();
      tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
      transport.close();
    },
    onRun: runs.onRun,
  };
}
