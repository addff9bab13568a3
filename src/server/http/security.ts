import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.js';

/** Strict headers on every answer: no inline scripts, no framing, no plugins. */
export async function registerSecurity(app: FastifyInstance, options: { httpsOnly: boolean }): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        // Only when the public site is HTTPS: a local `npm start` on http://localhost must keep working.
        ...(options.httpsOnly ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: options.httpsOnly ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  // Limits are declared per route (`config.rateLimit`); nothing is limited by default.
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many requests from your address. Please wait ${context.after} and try again.`),
  });
}
