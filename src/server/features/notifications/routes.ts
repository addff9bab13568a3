import type { FastifyInstance } from 'fastify';
import { outboxQuerySchema } from '../../../contract/notifications/outbox.js';
import { parseInput } from '../../http/validate.js';
import type { OutboxReader } from './service.js';

/**
 * The outbox for employees (registered through the guard): what a client was sent, to pass it on,
 * with one-time links redacted. Each read is in the activity log: it shows what clients were told.
 */
export async function outboxRoutes(
  app: FastifyInstance,
  options: { outbox: OutboxReader },
): Promise<void> {
  app.get('/api/outbox', async (request, reply) => {
    const { recipient } = parseInput(outboxQuerySchema, request.query, { recipient: 'recipient' });
    request.activity = {
      action: 'read-outbox',
      subject: 'outbox',
      detail: { recipient: recipient ?? null },
    };
    reply.header('cache-control', 'no-store');
    return options.outbox.list({ recipient });
  });
}
