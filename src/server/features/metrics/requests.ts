import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Histogram, type Registry } from 'prom-client';

/** Requests refused by a per-account limit rather than the per-address ones (the sign-in lockout). */
const perAccount = new WeakSet<FastifyRequest>();

/** Marks a 429 as the per-account sign-in limit's, for `agency_rate_limit_refusals_total{limit="account"}`. */
export function refusedPerAccount(request: FastifyRequest): void {
  perAccount.add(request);
}

/**
 * One histogram of every answer by method, route template and status, and a counter of 429s. The
 * route is the template the router matched (`/api/businesses/:id`), never the URL, so the label
 * set stays bounded; a request no route matched is `unmatched`.
 */
export function countRequests(app: FastifyInstance, registry: Registry): void {
  const duration = new Histogram({
    name: 'agency_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route template and status code.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'agency_rate_limit_refusals_total',
    help: 'Requests refused with 429 by a rate limit, by route and limit (per client address or per account).',
    labelNames: ['route', 'limit'],
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    duration.observe(
      { method: request.method, route, status_code: status },
      reply.elapsedTime / 1000,
    );
    if (status === 429)
      refusals.inc({ route, limit: perAccount.has(request) ? 'account' : 'address' });
    done();
  });
}
