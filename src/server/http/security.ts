import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { fastifyRateLimitStore } from '../adapters/shared-state/rate-limit-store.js';
import type { CounterStore } from '../adapters/shared-state/types.js';
import { clientError } from './errors.js';

/** Strict headers: no inline scripts but the shell's own by hash, no framing, no plugins. */
function helmetOptions({
  httpsOnly,
  stripe,
  storage,
  scriptHashes = [],
  styleHashes = [],
}: SecurityOptions): HelmetOptions {
  // Stripe.js and its Payment Element, only when Stripe takes the payments (Stripe's CSP guidance).
  const stripeScripts = stripe ? ['https://js.stripe.com', 'https://*.js.stripe.com'] : [];
  // Logos in a bucket: the browser PUTs them to a presigned URL and shows them from the bucket (or its
  // CDN); named even when `https:` covers them, because a local MinIO is plain http.
  const storageUpload = storage ? [storage.upload] : [];
  const storageImages = storage ? [storage.public] : [];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes, ...stripeScripts],
        styleSrc: ["'self'", ...styleHashes],
        imgSrc: ["'self'", 'data:', 'https:', ...storageImages],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...(stripe ? ['https://api.stripe.com'] : []), ...storageUpload],
        frameSrc: stripe ? [...stripeScripts, 'https://hooks.stripe.com'] : ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        // Only when the public site is HTTPS: a local `npm start` on http://localhost must keep working.
        ...(httpsOnly ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    // Only for Internet Explorer 8's downloads and Flash's or Acrobat's cross-domain policy files:
    // no browser we serve reads them, and every page's first round trip carries them (docs/decisions/016).
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: httpsOnly ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}

/**
 * Helmet's headers are the same for every answer, so they are computed once with helmet and
 * set by one hook: running helmet per request cost 60 % of the throughput (docs/decisions/002).
 */
export interface SecurityOptions {
  httpsOnly: boolean;
  stripe?: boolean;
  /** The object store's origins when logos live in a bucket (see `storageOrigins`). */
  storage?: { upload: string; public: string } | undefined;
  /** `'sha256-…'` of the HTML shell's inline scripts (`inlineScriptHashes`), the only inline code allowed. */
  scriptHashes?: string[] | undefined;
  /** `'sha256-…'` of the HTML shell's inline style sheets (`inlineStyleHashes`): the site's CSS, put into the page by the build. */
  styleHashes?: string[] | undefined;
  /** Where route rate limits count (shared across instances); the plugin's in-memory store when omitted. */
  counters?: CounterStore | undefined;
}

export function securityHeaders(options: SecurityOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  helmet(helmetOptions(options))(
    {} as IncomingMessage,
    res as unknown as ServerResponse,
    (error?: unknown) => {
      if (error)
        throw error instanceof Error
          ? error
          : new Error('helmet failed to set headers', { cause: error });
    },
  );
  return headers;
}

/** What an API answer keeps of the page's headers: the ones that guard data rather than a document. */
const API_KEEPS = [
  'x-content-type-options',
  'x-frame-options',
  'cross-origin-resource-policy',
  'strict-transport-security',
];

/**
 * The headers of answers under /api. They are never rendered as a page, so they get the strictest
 * policy (nothing may load, nothing may frame them), no sniffing, same-origin reads and HSTS, and
 * none of the headers that only steer a document (referrer, opener, DNS prefetch, origin cluster,
 * IE and Flash switches): 4 or 5 headers instead of 11 or 12, which every API answer paid for in
 * server time (docs/decisions/012-containers-load-and-api-throughput.md).
 */
export function apiSecurityHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  };
  for (const name of API_KEEPS) if (pageHeaders[name]) headers[name] = pageHeaders[name];
  return headers;
}

export async function registerSecurity(
  app: FastifyInstance,
  options: SecurityOptions,
): Promise<void> {
  const headers = securityHeaders(options);
  const api = apiSecurityHeaders(headers);
  // By the raw path: an odd spelling of an /api path (`/%61pi/…`) gets the page's headers, also safe.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? api : headers);
    done();
  });
  // Limits are declared per route (`config.rateLimit`); nothing is limited by default. The counts
  // live in the shared counter store, so every instance behind a load balancer sees the same ones.
  await app.register(rateLimit, {
    global: false,
    ...(options.counters ? { store: fastifyRateLimitStore(options.counters) } : {}),
    errorResponseBuilder: (_request, context) =>
      clientError(429, 'too_many_requests', { after: context.after }),
  });
}
