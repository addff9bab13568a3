import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';

export interface HealthOptions {
  database: Database;
  /** The longest /readyz waits for the database before it answers 503 (2 s by default). */
  readyTimeoutMs?: number;
  /** Where the shared counters go right now: a Redis outage moves them to the database and stays ready (docs/decisions/025). */
  counters?: () => 'redis' | 'postgres';
  /** With Stripe: whether its webhook events arrive in the API version this server reads (docs/decisions/024). Reported, never 503. */
  stripeWebhooks?: () => { status: string };
  /** True from SIGTERM on: readiness fails first so the proxy stops sending before we stop listening. */
  draining?: () => boolean;
}

export async function healthRoutes(app: FastifyInstance, options: HealthOptions): Promise<void> {
  const readyTimeoutMs = options.readyTimeoutMs ?? 2_000;

  // Alive: the process answers. Never touches the database, so a slow database does not get us restarted.
  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  // Ready: the database answers; a load balancer sends traffic only then. It answers within its
  // own bound whatever the database does (a locked table, a full pool), so a probe never hangs.
  app.get('/readyz', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (options.draining?.())
      return reply.status(503).send({ message: 'This instance is shutting down.' });
    try {
      await withinMs(options.database.ping(), readyTimeoutMs);
      return {
        status: 'ready',
        ...(options.counters ? { counters: options.counters() } : {}),
        ...(options.stripeWebhooks ? { stripeWebhooks: options.stripeWebhooks() } : {}),
      };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply.status(503).send({ message: 'The database is not answering.' });
    }
  });
}

function withinMs<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  work.catch(() => {}); // a ping that fails after the deadline is already answered
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
