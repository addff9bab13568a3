import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteOptions,
} from 'fastify';
import type * as z from 'zod/mini';
import type { AnyEndpoint, InputOf, OutputOf, QueryOf } from '../../contract/lib/endpoint.js';
import { parseInput } from './validate.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract endpoint a route serves (set by `route`; tests check answers against it). */
    endpoint?: AnyEndpoint;
  }
}

type Schema = z.ZodMiniType;

/**
 * What a route takes besides its endpoint. `body` and `query` are contract schemas: the route
 * parses them (a 400 naming each field on failure, `labels` giving the fields' names) and hands
 * the handler what they produce. The schema must accept what the endpoint says the browser sends.
 */
export interface RouteSpec<E extends AnyEndpoint, B extends Schema, Q extends Schema> {
  body?: B &
    (InputOf<E> extends z.input<B> ? unknown : 'the endpoint sends what this schema refuses');
  query?: Q &
    (QueryOf<E> extends z.input<Q> ? unknown : 'the endpoint asks what this schema refuses');
  /** How a field is named in an error ('Business name' for `businessName`). */
  labels?: Record<string, string>;
  /** Fastify route config: `rateLimit`, `permission`. */
  config?: FastifyContextConfig;
  /** Bytes the body may have (the app's 1 MB otherwise). */
  bodyLimit?: number;
  /** `cache-control` of a success; `no-store` unless given (the handler may set its own). */
  cache?: string;
}

/** What a handler gets: the parsed body and query, the path's parameters. */
export interface RouteInput<B, Q> {
  body: B;
  query: Q;
  params: Record<string, string>;
}

type Parsed<S> = S extends Schema ? z.output<S> : undefined;

/**
 * A handler answers the endpoint's output, or sends the reply itself (a CSV file, a redirect,
 * a 204) and returns it, at once or through a promise.
 */
export type RouteHandler<E extends AnyEndpoint, B, Q> = (
  input: RouteInput<Parsed<B>, Parsed<Q>>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<OutputOf<E> | FastifyReply> | FastifyReply;

/**
 * Registers the route of a contract endpoint: its method and path come from the endpoint, its
 * input from the contract's schemas, and the handler's answer must be the endpoint's output
 * type, so the page and the server cannot drift apart (docs/decisions/029).
 */
export function route<E extends AnyEndpoint, B extends Schema = never, Q extends Schema = never>(
  app: FastifyInstance,
  endpoint: E,
  spec: RouteSpec<E, B, Q>,
  handler: RouteHandler<E, B, Q>,
): void {
  const { body, query, labels = {}, cache = 'no-store' } = spec;
  const options: RouteOptions = {
    method: endpoint.method,
    url: endpoint.path,
    config: { ...spec.config, endpoint },
    ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
    // Not async: a handler that sends at once (the cached plan list) answers without a promise.
    handler: (request, reply) => {
      const input = {
        body: body ? parseInput(body, request.body, labels) : undefined,
        query: query ? parseInput(query, request.query, labels) : undefined,
        params: request.params as Record<string, string>,
      } as RouteInput<Parsed<B>, Parsed<Q>>;
      reply.header('cache-control', cache);
      return handler(input, request, reply);
    },
  };
  app.route(options);
}
