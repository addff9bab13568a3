import type { FastifyInstance } from 'fastify';
import { listOutbox, outboxQuerySchema } from '../../../contract/notifications/outbox.js';
import { route } from '../../http/route.js';
import type { OutboxReader } from './service.js';

/**
 * The outbox for employees (registered through the guard): what a client was sent, to pass it on,
 * with one-time links redacted. Each read is in the activity log: it shows what clients were told.
 */
export async function outboxRoutes(
  app: FastifyInstance,
  options: { outbox: OutboxReader },
): Promise<void> {
  route(
    app,
    listOutbox,
    { query: outboxQuerySchema, labels: { recipient: 'recipient' } },
    async ({ query: { recipient } }, request) => {
      request.activity = {
        action: 'read-outbox',
        subject: 'outbox',
        detail: { recipient: recipient ?? null },
      };
      return options.outbox.list({ recipient });
    },
  );
}
