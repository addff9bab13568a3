import * as z from 'zod/mini';
import { answer, isoTime } from '../lib/answer.js';
import { listOutbox, type OutboxMessage } from './outbox.js';

const outboxMessage: z.ZodMiniType<OutboxMessage> = z.strictObject({
  id: z.string(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.enum(['pending', 'sent']),
  lastError: z.nullable(z.string()),
  createdAt: isoTime(),
  sentAt: z.nullable(isoTime()),
});

export const answers = [answer(listOutbox, z.array(outboxMessage))];
