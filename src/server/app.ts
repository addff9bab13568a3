import fs from 'node:fs';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { storageOrigins } from './adapters/storage/index.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { createFeatureContext, type FeatureOptions } from './context.js';
import { FEATURES, site } from './features/index.js';
import { registerErrorHandling } from './http/errors.js';
import { registerSameOriginWrites } from './http/guard.js';
import { registerInputGuard } from './http/input-guard.js';
import { registerSecurity } from './http/security.js';
import { createServer } from './http/server.js';
import { inlineScriptHashes, inlineStyleHashes } from './http/shell.js';
import type { HttpTimeouts } from './http/timeouts.js';
import { registerWeb, type WebOptions } from './http/web.js';
import { createJobRegistry } from './lib/jobs.js';

export interface AppOptions extends FeatureOptions {
  config: Config;
  database: Database;
  /** The built front end (only the API without it: tests, `npm run dev`); `ssrEntry` renders the public pages. */
  web?: Pick<WebOptions, 'webDir' | 'shellFile' | 'renderBudget' | 'assetArchive'> & {
    ssrEntry?: string;
  };
  /** pino instance; no logging when omitted (tests). */
  logger?: FastifyBaseLogger;
  /** One log line per request (method, url, status, time); errors are always logged. */
  logRequests?: boolean;
  /** Run the background jobs (outbox delivery, upload cleanup, billing run, lead digest): the server does; tests run the work by hand. */
  startWorkers?: boolean;
  /** Bounds on slow clients; the defaults of http/timeouts.ts when omitted (tests pass short ones). */
  httpTimeouts?: Partial<HttpTimeouts>;
}

/** Builds the whole app from its features, without listening (tests inject requests). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, web, logger, logRequests, startWorkers, httpTimeouts, ...rest } = options;
  const app = createServer({ logger, logRequests, httpTimeouts, trustProxy: config.trustProxy });
  registerErrorHandling(app);
  // Before every route: characters PostgreSQL cannot store are refused with a 400 naming the field.
  registerInputGuard(app);

  // One registry starts every feature's background job (the server, not tests) and stops them all.
  const jobs = createJobRegistry();
  const ctx = await createFeatureContext(app, { ...rest, config, jobs });
  app.addHook('onClose', () => jobs.stopAll());
  app.decorate('auth', ctx.services.auth);
  app.decorate('services', ctx.services);
  const shell =
    web && fs.existsSync(web.shellFile) ? fs.readFileSync(web.shellFile, 'utf8') : undefined;
  await registerSecurity(app, {
    httpsOnly: ctx.https,
    stripe: Boolean(config.stripe),
    storage: storageOrigins(config),
    counters: ctx.counters,
    scriptHashes: shell ? inlineScriptHashes(shell) : [],
    styleHashes: shell ? inlineStyleHashes(shell) : [],
  });
  registerSameOriginWrites(app, config.site.publicUrl);

  for (const feature of FEATURES) await feature.register(app, ctx);
  if (startWorkers) jobs.startAll();

  if (web && shell !== undefined) {
    const { ssrEntry, ...files } = web;
    await app.register(registerWeb, {
      ...files,
      site: config.site,
      origin: ctx.siteOrigin,
      plans: () => ctx.services.catalogue.serialised(),
      ...(ssrEntry
        ? { ssr: { entryFile: ssrEntry, data: site.publicPageData(ctx.services) } }
        : {}),
    });
  }
  return app;
}
