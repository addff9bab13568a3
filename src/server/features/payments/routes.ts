import type { FastifyInstance } from 'fastify';
import {
  createPaymentIntentInput,
  PAYMENT_INTENT_LABELS,
  paymentStatusQuery,
  stripeWebhook,
  TEST_AUTHENTICATION_LABELS,
  TEST_CARD_LABELS,
  testAuthenticationInput,
  testCardPaymentInput,
} from '../../../contract/payments/payments.js';
import {
  authenticateTestPayment,
  confirmTestCardPayment,
  createPaymentIntent,
  getPaymentStatus,
} from '../../../contract/payments/checkout.js';
import { STRIPE_API_VERSION } from '../../adapters/payments/stripe.js';
import { InvalidWebhookError, WrongApiVersionError } from '../../adapters/payments/types.js';
import { HttpError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import type { PaymentsService } from './service.js';
import { createWebhookVersionWatch, type WebhookVersionWatch } from './webhook-version.js';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_:-]{8,200}$/;

export interface PaymentRoutesOptions {
  payments: PaymentsService;
  /** Payment creations and test-card attempts per client address per minute. */
  rateLimitPerMinute: number;
  /** Remembers events refused for their API version, for /readyz (one is made when omitted). */
  webhookVersion?: WebhookVersionWatch;
  /** Told of each verified event settled: when the provider created it, and the outcome (the webhook lag metric). */
  onWebhookSettled?: (createdAt: Date, outcome: string) => void;
}

/** What answers an event of another API version: 422, never 2xx, so Stripe keeps retrying it until the endpoint is fixed (decision 024). */
export const WRONG_API_VERSION_STATUS = 422;

export async function paymentRoutes(
  app: FastifyInstance,
  options: PaymentRoutesOptions,
): Promise<void> {
  const { payments } = options;
  const webhookVersion = options.webhookVersion ?? createWebhookVersionWatch();
  if (payments.provider.kind === 'stripe') {
    app.log.info(
      { apiVersion: STRIPE_API_VERSION },
      `Stripe webhooks are read in API version ${STRIPE_API_VERSION} only; the endpoint must be created with it (README, Payments)`,
    );
  }
  const rateLimit = { max: options.rateLimitPerMinute, timeWindow: '1 minute' };

  route(
    app,
    createPaymentIntent,
    { body: createPaymentIntentInput, labels: PAYMENT_INTENT_LABELS, config: { rateLimit } },
    async ({ body: input }, request) => {
      const key = request.headers['idempotency-key'];
      if (key !== undefined && (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key))) {
        throw new HttpError(
          400,
          'The Idempotency-Key header must be 8 to 200 letters, digits, "-", "_" or ":".',
        );
      }
      const result = await payments.createIntent(input, key);
      request.log.info(
        { reqId: request.id, paymentIntent: result.paymentIntentId, planId: input.planId },
        'payment intent ready',
      );
      return result;
    },
  );

  route(
    app,
    confirmTestCardPayment,
    { body: testCardPaymentInput, labels: TEST_CARD_LABELS, config: { rateLimit } },
    async ({ body }) => payments.payWithTestCard(body),
  );

  route(
    app,
    authenticateTestPayment,
    { body: testAuthenticationInput, labels: TEST_AUTHENTICATION_LABELS, config: { rateLimit } },
    async ({ body }) => payments.authenticateTestPayment(body),
  );

  route(app, getPaymentStatus, { query: paymentStatusQuery }, async ({ query }) =>
    payments.status(query.payment_intent_client_secret, query.payment_intent),
  );

  // Stripe signs the exact bytes it sent: this route keeps the body raw.
  await app.register(async (webhook) => {
    webhook.removeContentTypeParser(['application/json']);
    webhook.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer' },
      (_request, body, done) => done(null, body),
    );
    route(webhook, stripeWebhook, {}, async (_input, request) => {
      if (payments.provider.kind !== 'stripe') {
        throw new HttpError(
          404,
          'Stripe is not configured on this server, so it receives no webhooks.',
        );
      }
      const signature = request.headers['stripe-signature'];
      let event;
      try {
        event = payments.provider.verifyWebhook(
          request.body as Buffer,
          typeof signature === 'string' ? signature : undefined,
        );
      } catch (error) {
        if (error instanceof InvalidWebhookError) {
          request.log.warn(
            { reqId: request.id, reason: error.message },
            'webhook refused: signature does not verify',
          );
          throw new HttpError(400, 'The webhook signature does not verify.');
        }
        if (error instanceof WrongApiVersionError) {
          webhookVersion.refused(error);
          request.log.error(
            {
              reqId: request.id,
              event: error.eventId,
              type: error.eventType,
              apiVersion: error.apiVersion,
              expected: error.expectedVersion,
            },
            'webhook refused: Stripe rendered this event in another API version; fix the webhook endpoint (README, Payments)',
          );
          throw new HttpError(
            WRONG_API_VERSION_STATUS,
            `This server reads Stripe events of API version ${error.expectedVersion} only; this one is ${error.apiVersion ?? 'unknown'}.`,
          );
        }
        throw error;
      }
      const outcome = await payments.settle.event(event);
      options.onWebhookSettled?.(event.createdAt, outcome);
      request.log.info(
        { reqId: request.id, event: event.id, type: event.type, outcome },
        'webhook',
      );
      return { received: true as const, outcome };
    });
  });
}
