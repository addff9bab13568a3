import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import type { Database } from './db/client.js';
import { openConfiguredDatabase } from './db/open.js';
import { ensureFirstEmployee } from './features/auth/employees.js';

const config = loadConfig();
const logger = pino({
  level: config.logLevel,
  redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
  ...(config.env === 'development' ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } } : {}),
});

// The bundle lives in dist/server; the front end build beside it in dist/web and dist/shell.
const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

let database: Database | undefined;
let app: FastifyInstance | undefined;
let closing = false;

/** Stop accepting, finish requests in flight, close the database (PGlite must close or data is lost). */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  logger.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
  const timer = setTimeout(() => {
    logger.error('shutdown took longer than 10 s; exiting');
    process.exit(1);
  }, 10_000);
  timer.unref();
  try {
    await app?.close();
    await database?.close();
    logger.info('shut down cleanly');
    process.exit(0);
  } catch (error) {
    logger.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));

async function start() {
  database = await openConfiguredDatabase(config);
  logger.info({ database: database.kind, dataDir: database.kind === 'pglite' ? config.dataDir : undefined }, 'database ready');
  if (config.admin.email && !config.admin.password) logger.warn('ADMIN_EMAIL is set without ADMIN_PASSWORD');
  if (!config.stripe && config.env === 'production') {
    logger.warn('Payments run in TEST MODE: no card is charged. Set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET to take real payments.');
  }
  if (!config.mail.smtpUrl) logger.info('No SMTP_URL: e-mails are kept in the outbox table and written to the log, not sent.');
  if (closing) return;

  app = await buildApp({
    config,
    database,
    logger,
    logRequests: config.logRequests,
    startWorkers: true,
    web: { webDir: path.join(distDir, 'web'), shellFile: path.join(distDir, 'shell', 'index.html') },
  });
  if (await ensureFirstEmployee(app.auth, database.db, config.admin)) logger.info({ email: config.admin.email }, 'first employee (owner) created from ADMIN_EMAIL');
  const address = await app.listen({ port: config.port, host: config.host });
  logger.info(`${config.site.name} is listening on ${address}`);
}

start().catch(async (error: unknown) => {
  logger.fatal({ err: error }, 'start-up failed');
  await database?.close().catch(() => {});
  process.exit(1);
});
