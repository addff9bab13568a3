import { parseArgs } from 'node:util';
import { count, eq } from 'drizzle-orm';
import pino from 'pino';
import { loadConfig } from '../config.js';
import { openSeededDatabase } from '../seed/seed.js';
import { payments } from '../db/schema.js';
import { createPaymentProvider } from '../adapters/payments/index.js';
import { createSettlement } from '../features/payments/settle.js';

/**
 * `npm run revenue:sync -- --since 2026-01-01`: books the paid invoices and charges Stripe knows
 * since that day and the ledger does not (missed webhooks, sales before the webhook existed).
 * Safe to run again: each provider payment is booked once.
 */
const { values } = parseArgs({ options: { since: { type: 'string' } } });
const since =
  values.since && /^\d{4}-\d{2}-\d{2}$/.test(values.since)
    ? new Date(`${values.since}T00:00:00Z`)
    : null;
if (!since || Number.isNaN(since.getTime())) {
  console.error('usage: npm run revenue:sync -- --since YYYY-MM-DD');
  process.exit(2);
}
const config = loadConfig();
if (!config.stripe) {
  console.error(
    'revenue:sync reads from Stripe: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET.',
  );
  process.exit(2);
}
const provider = createPaymentProvider(config);
const database = await openSeededDatabase(config);
const stripeRows = async () =>
  (
    await database.db.select({ n: count() }).from(payments).where(eq(payments.provider, 'stripe'))
  )[0]!.n;
try {
  const log = pino({ level: 'warn' });
  const mail = {
    siteName: config.site.name,
    supportEmail: config.site.supportEmail,
    teamEmail: config.mail.teamEmail,
  };
  const settlement = createSettlement({
    db: database.db,
    provider,
    mail,
    log,
    mailQueued: () => undefined,
  });
  const before = await stripeRows();
  let seen = 0;
  for await (const event of provider.paidSince!(since)) {
    seen++;
    await settlement.reconcile(event);
  }
  console.log(
    `Read ${seen} paid invoices and charges since ${values.since}; booked ${(await stripeRows()) - before} new ledger rows.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
