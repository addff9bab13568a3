import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp, type AppOptions } from './app.js';
import type { Config } from './config.js';
import type { Database, DatabaseTimeouts } from './db/client.js';
import { openSeededDatabase } from './seed/seed.js';
import { serveControlSocket } from './db/control-socket.js';
import { ensureFirstEmployee } from './features/auth/employees.js';

export interface ServerOptions {
  config: Config;
  /** The built front end; only the API is served without it. */
  web?: AppOptions['web'];
  /** App settings no environment variable sets (the fault tests start a child with short bounds). */
  app?: Pick<AppOptions, 'registrationRateLimit' | 'paymentRateLimit' | 'httpTimeouts'>;
  databaseTimeouts?: Partial<DatabaseTimeouts>;
  /** The longest SIGTERM waits for requests in flight, after the drain delay, before it cuts them (10 s). */
  shutdownTimeoutMs?: number;
}

/**
 * The server's whole life: config → database → migrations → app → listen, then on SIGTERM or
 * SIGINT: fail readiness and keep serving for the drain delay (SHUTDOWN_DRAIN_DELAY_SECONDS),
 * stop accepting, finish requests in flight, close the database, exit 0. `npm start`
 * (main.ts) and the fault tests (test/faults/) run exactly this.
 */
export function runServer(options: ServerOptions): void {
  const { config } = options;
  const logger = pino({
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    ...(config.env === 'development'
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } }
      : {}),
  });
  const shutdownTimeoutMs = options.shutdownTimeoutMs ?? 10_000;
  const drainDelayMs = config.shutdownDrainDelayMs;
  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  let closing = false;

  /**
   * Readiness fails first and the server keeps serving for the drain delay, so a proxy's health
   * check takes this instance out of rotation before it stops listening (a proxy that found the
   * listener closed, or a 503, passed errors on). Then: stop accepting, finish requests in flight.
   * PGlite must be closed or its last writes are lost, so even a late shutdown closes it.
   */
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    if (app && drainDelayMs > 0) {
      app.lifecycle.draining = true;
      logger.info(
        { signal, drainDelayMs },
        'shutting down: readiness fails, still serving until the proxy stops sending',
      );
      await new Promise((resolve) => setTimeout(resolve, drainDelayMs));
    }
    logger.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const late = setTimeout(() => {
      logger.error(`requests still running after ${shutdownTimeoutMs / 1000} s; cutting them`);
      app?.server.closeAllConnections();
      void closeDatabase().finally(() => process.exit(1));
    }, shutdownTimeoutMs);
    late.unref();
    if (app) app.lifecycle.draining = true; // answers from now on close their connections
    // A keep-alive connection whose request finishes during the drain would otherwise stay open
    // (and the close wait for it) until the client leaves: close each one as soon as it is idle.
    const sweep = setInterval(() => app?.server.closeIdleConnections(), 100);
    sweep.unref();
    try {
      await app?.close();
      clearInterval(sweep);
      await closeDatabase();
      clearTimeout(late);
      logger.info('shut down cleanly');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  }
  let databaseClosed: Promise<void> | undefined;
  const closeDatabase = () => (databaseClosed ??= database?.close() ?? Promise.resolve());
  // Repeated SIGTERMs (some supervisors resend) must not kill the drain; a second Ctrl-C may.
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  // Node would print these as plain text: one JSON line instead, then the same exit.
  process.on('uncaughtException', (error) => {
    logger.fatal({ err: error }, 'uncaught exception; exiting');
    process.exit(1);
  });

  async function start() {
    database = await openSeededDatabase(config, {
      timeouts: options.databaseTimeouts,
      warn: (message) => logger.warn(message),
      migrated: (applied) => {
        for (const migration of applied) logger.info({ migration }, 'migration applied');
        if (applied.length === 0) logger.info('no pending migrations');
      },
    });
    logger.info(
      { database: database.kind, dataDir: database.kind === 'pglite' ? config.dataDir : undefined },
      'database ready',
    );
    // `npm run backup` asks a running server for the embedded database's dump (README › Backups).
    if (database.dumpDataDir)
      await serveControlSocket(config.dataDir, database.dumpDataDir, logger);
    if (config.admin.email && !config.admin.password)
      logger.warn('ADMIN_EMAIL is set without ADMIN_PASSWORD');
    if (!config.stripe && config.env === 'production') {
      logger.warn(
        'Payments run in TEST MODE: no card is charged. Set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET to take real payments.',
      );
    }
    if (!config.mail.smtpUrl)
      logger.info(
        'No SMTP_URL: e-mails are kept in the outbox table and written to the log, not sent.',
      );
    if (config.databaseUrl && config.storage.kind === 'disk') {
      logger.warn(
        `Logos are stored on this machine's disk (${config.storage.dir}) while DATABASE_URL is set: with several instances, set S3_BUCKET or make that directory one every instance shares, or a logo uploaded through one instance is missing on the others.`,
      );
    }
    if (closing) return;

    app = await buildApp({
      ...options.app,
      config,
      database,
      logger,
      logRequests: config.logRequests,
      startWorkers: true,
      web: options.web,
    });
    if (await ensureFirstEmployee(app.auth, database.db, config.admin))
      logger.info({ email: config.admin.email }, 'first employee (owner) created from ADMIN_EMAIL');
    const address = await app.listen({ port: config.port, host: config.host });
    logger.info(`${config.site.name} is listening on ${address}`);
  }

  start().catch(async (error: unknown) => {
    logger.fatal({ err: error }, 'start-up failed');
    await database?.close().catch(() => {});
    process.exit(1);
  });
}
