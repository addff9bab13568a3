import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { fastifyTrustProxy, type Config } from '../config.js';
import { serverTimeoutOptions, type HttpTimeouts } from './timeouts.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** `permission`: what the route needs beyond a signed-in employee ('billing'), as it declares it. */
    routeTable: { method: string; url: string; permission?: string }[];
    /** Set by SIGTERM (start.ts): /readyz fails and every answer closes its connection. */
    lifecycle: { draining: boolean };
  }
}

/** An id a proxy may send along (X-Request-Id): a short token, never text that could forge a log line. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,100}$/;

/**
 * Fastify counts requests from 'req-1' in every process, so two instances (or one restarted) log
 * the same ids: a random UUID instead, or the proxy's id when it sent a safe one.
 */
export function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

export const JSON_BODY_LIMIT = 1024 * 1024;

export interface ServerOptions {
  /** pino instance; no logging when omitted (tests). */
  logger?: FastifyBaseLogger | undefined;
  /** One log line per request (method, url, status, time); errors are always logged. */
  logRequests?: boolean | undefined;
  /** Bounds on slow clients; the defaults of http/timeouts.ts when omitted (tests pass short ones). */
  httpTimeouts?: Partial<HttpTimeouts> | undefined;
  /** Which proxies' forwarded headers to believe (TRUST_PROXY). */
  trustProxy: Config['trustProxy'];
}

/** The Fastify instance every app starts from: its options, its request log and its route table. */
export function createServer(options: ServerOptions): FastifyInstance {
  const app = Fastify({
    ...(options.logger
      ? {
          loggerInstance: options.logger,
          // A pino child per request (to bind its id) halved this app's throughput; requests
          // log through the root logger and name their id where they log (docs/decisions/002).
          childLoggerFactory: (logger: FastifyBaseLogger) => logger,
        }
      : { logger: false }),
    bodyLimit: JSON_BODY_LIMIT,
    ...serverTimeoutOptions(options.httpTimeouts),
    trustProxy: fastifyTrustProxy(options.trustProxy),
    genReqId: requestId,
    forceCloseConnections: 'idle',
    // A request on a kept-alive connection while closing is served, not refused: the drain
    // (start.ts) has already taken this instance out of the proxy's rotation.
    return503OnClosing: false,
    // Fastify's own request logging writes two lines per request and cost a third of the
    // throughput; `logRequests` writes one line instead (docs/decisions/002).
    logController: new LogController({ disableRequestLogging: true }),
  });
  const lifecycle = { draining: false };
  app.decorate('lifecycle', lifecycle);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    // While draining, each answer closes its connection, so the proxy's next request opens a new
    // one (to another instance once this one is out of rotation) instead of reusing this one.
    if (lifecycle.draining) reply.header('connection', 'close');
    done();
  });
  if (options.logRequests) {
    app.addHook('onResponse', (request, reply, done) => {
      request.log.info(
        {
          reqId: request.id,
          method: request.method,
          url: request.url,
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
        },
        'request',
      );
      done();
    });
  }
  // Every route the app registers, for the test that checks each non-public one needs sign-in.
  const routeTable: FastifyInstance['routeTable'] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const permission = route.config?.permission;
    for (const method of [route.method].flat())
      if (method !== 'HEAD')
        routeTable.push({ method, url: route.url, ...(permission ? { permission } : {}) });
  });
  return app;
}
