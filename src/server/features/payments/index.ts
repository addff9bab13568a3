/** Payments: first payments (checkout), provider events, the ledger and invoices. */
import type { FastifyInstance } from 'fastify';
import type { FeatureContext } from '../../context.js';
import { paymentRoutes } from './routes.js';
import { createPaymentsService } from './service.js';

export { bookLedgerRow } from './ledger.js';
export { insertInvoice, invoiceOf } from './invoices.js';
export type { SubscriptionNews, SubscriptionNewsHandler } from './settle.js';
export { createWebhookVersionWatch, type WebhookVersionWatch } from './webhook-version.js';

export async function register(app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  const { billing, testMode } = ctx.services;
  const payments = createPaymentsService({
    db: ctx.db,
    provider: ctx.services.paymentProvider,
    mail: ctx.mail,
    log: ctx.log,
    mailQueued: ctx.services.mailQueued,
    ...(testMode
      ? { billingNow: () => billing.clock.now() }
      : { onSubscriptionNews: billing.subscriptionNews }),
  });
  await app.register(paymentRoutes, {
    payments,
    rateLimitPerMinute: ctx.options.paymentRateLimit ?? 20,
    webhookVersion: ctx.services.stripeWebhooks,
    onWebhookSettled: (createdAt, outcome) =>
      ctx.services.metrics.webhookProcessed(ctx.services.paymentProvider.kind, createdAt, outcome),
  });
}
