import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';

const UNAUTHORISED = JSON.stringify({
  message: 'Send the metrics token as "Authorization: Bearer <token>".',
});
const NOT_FOUND = JSON.stringify({ message: 'Not found: this port serves GET /metrics only.' });

/** The bearer token of `authorization`, compared by their hashes: equal length, constant time. */
export function tokenMatches(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization ?? '')?.[1] ?? '';
  const digest = (text: string) => crypto.createHash('sha256').update(text).digest();
  return crypto.timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}

/** GET /metrics on the main port, only with METRICS_TOKEN (without it there is no such route: 404). */
export function metricsRoute(app: FastifyInstance, registry: Registry, token: string): void {
  app.get('/metrics', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!tokenMatches(request.headers.authorization, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .header('content-type', 'application/json; charset=utf-8')
        .send(UNAUTHORISED);
    }
    const text = await registry.metrics();
    return reply.header('content-type', registry.contentType).send(text);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** With METRICS_PORT only: where the metrics listener listens, once the app is ready (tests ask it). */
    metricsAddress?: () => AddressInfo | undefined;
  }
}

/**
 * METRICS_PORT: a second listener, on METRICS_HOST (127.0.0.1 by default), that serves GET
 * /metrics and nothing else. It opens when the app is ready (before the main port, so a port in
 * use stops the start) and closes with the app.
 */
export function metricsListener(
  app: FastifyInstance,
  registry: Registry,
  options: { port: number; host: string; token: string | undefined },
): void {
  const server = http.createServer((request, response) => {
    const send = (status: number, body: string, headers: Record<string, string> = {}) =>
      response
        .writeHead(status, {
          'content-type': 'application/json; charset=utf-8',
          'cache-control': 'no-store',
          ...headers,
        })
        .end(body);
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD'))
      return send(404, NOT_FOUND);
    if (options.token !== undefined && !tokenMatches(request.headers.authorization, options.token))
      return send(401, UNAUTHORISED, { 'www-authenticate': 'Bearer realm="metrics"' });
    registry.metrics().then(
      (text) =>
        send(200, request.method === 'HEAD' ? '' : text, { 'content-type': registry.contentType }),
      (error: unknown) => {
        app.log.error({ err: error }, 'metrics collection failed');
        send(500, JSON.stringify({ message: 'The metrics could not be collected.' }));
      },
    );
  });
  server.requestTimeout = 10_000;
  server.headersTimeout = 5_000;
  app.decorate('metricsAddress', () =>
    server.listening ? (server.address() as AddressInfo) : undefined,
  );
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const { address, port } = server.address() as AddressInfo;
    app.log.info(`metrics are served on http://${address}:${port}/metrics`);
  });
  app.addHook('onClose', async () => {
    if (!server.listening) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}
