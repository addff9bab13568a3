import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';

export async function healthRoutes(app: FastifyInstance, options: { database: Database }): Promise<void> {
  // Alive: the process answers. Never touches the database, so a slow database does not get us restarted.
  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  // Ready: the database answers; a load balancer sends traffic only then.
  app.get('/readyz', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await options.database.ping();
      return { status: 'ready' };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply.status(503).send({ message: 'The database is not answering.' });
    }
  });
}
