/**
 * How long a client may take to send a request, and to stay silent on a connection
 * (docs/decisions/010-timeouts-and-database-faults.md). A client that trickles its headers or body
 * a byte at a time is answered 408 and disconnected once its request passes `requestMs`.
 */
export interface HttpTimeouts {
  /** The whole request, headers and body (a 5 MB logo on a slow line fits). */
  requestMs: number;
  /** The headers alone (slowloris); at most `requestMs`. */
  headersMs: number;
  /** A connection on which nothing moves, in either direction, is closed. */
  idleMs: number;
  /** How often Node checks the two bounds above, so a request is cut at most this late. */
  checkIntervalMs: number;
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = {
  requestMs: 60_000,
  headersMs: 15_000,
  idleMs: 120_000,
  checkIntervalMs: 5_000,
};

/** The Fastify (and Node `http.Server`) options for `timeouts`. */
export function serverTimeoutOptions(timeouts: Partial<HttpTimeouts> = {}) {
  const t = { ...DEFAULT_HTTP_TIMEOUTS, ...timeouts };
  return {
    requestTimeout: t.requestMs,
    connectionTimeout: t.idleMs,
    http: {
      headersTimeout: Math.min(t.headersMs, t.requestMs),
      connectionsCheckingInterval: t.checkIntervalMs,
    },
  };
}
