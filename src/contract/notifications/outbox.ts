import * as z from 'zod/mini';
import type { Endpoint } from '../lib/endpoint.js';

/**
 * An e-mail the product sent or is sending. Without SMTP the outbox is where e-mails stay, so
 * employees can read what a client was sent (a checkout link, a receipt) and pass it on.
 */
export interface OutboxMessage {
  id: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  /** 'pending' until delivered: accepted by the SMTP server, or written to the log when there is no SMTP_URL. */
  status: 'pending' | 'sent';
  /** Why the last delivery attempt failed, if one did. */
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

export const OUTBOX_PAGE_SIZE = 20;

/** The longest e-mail address the outbox filter takes. */
export const OUTBOX_RECIPIENT_MAX = 320;

/** The outbox filter: one recipient's e-mails (matched ignoring case); blank means everyone's. */
export const outboxQuerySchema = z.object({
  recipient: z.pipe(
    z.optional(
      z
        .string('Recipient must be an e-mail address.')
        .check(
          z.trim(),
          z.maxLength(
            OUTBOX_RECIPIENT_MAX,
            `Recipient must be at most ${OUTBOX_RECIPIENT_MAX} characters.`,
          ),
        ),
    ),
    z.transform((v) => (v ? v : undefined)),
  ),
});

/** The newest e-mails first (20), optionally to one address only (employees only). */
export const listOutbox: Endpoint<OutboxMessage[], undefined, { recipient?: string }> = {
  method: 'GET',
  path: '/api/outbox',
};
