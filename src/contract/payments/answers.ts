import * as z from 'zod/mini';
import { answer, decimal, isoTime } from '../lib/answer.js';
import { ERROR_CODES } from '../lib/errors.js';
import {
  authenticateTestPayment,
  confirmTestCardPayment,
  createPaymentIntent,
  getPaymentStatus,
} from './checkout.js';
import {
  stripeWebhook,
  type CreatePaymentIntentResult,
  type PaymentReceipt,
  type PaymentStatusResult,
  type StripeWebhookAnswer,
} from './payments.js';

const provider = z.enum(['test', 'stripe']);

const intentResult: z.ZodMiniType<CreatePaymentIntentResult> = z.strictObject({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  amount: decimal(),
  provider,
  publishableKey: z.nullable(z.string()),
});

const dated = z.strictObject({ date: isoTime(), amount: decimal() });
const receipt: z.ZodMiniType<PaymentReceipt> = z.strictObject({
  amount: decimal(),
  currency: z.string(),
  paidAt: isoTime(),
  billingCycle: z.string(),
  card: z.nullable(z.strictObject({ brand: z.string(), last4: z.string() })),
  businessName: z.nullable(z.string()),
  email: z.nullable(z.string()),
  nextCharge: z.nullable(dated),
  renewal: z.nullable(dated),
});

const statusResult: z.ZodMiniType<PaymentStatusResult> = z.strictObject({
  paymentIntentId: z.string(),
  status: z.enum([
    'requires_payment_method',
    'requires_action',
    'processing',
    'succeeded',
    'canceled',
  ]),
  amount: decimal(),
  plan: z.strictObject({ name: z.string(), displayName: z.string() }),
  message: z.nullable(z.string()),
  code: z.nullable(z.enum(ERROR_CODES)),
  receipt: z.nullable(receipt),
});

const webhookAnswer: z.ZodMiniType<StripeWebhookAnswer> = z.strictObject({
  received: z.literal(true),
  outcome: z.enum(['applied', 'duplicate', 'stale']),
});

export const answers = [
  answer(createPaymentIntent, intentResult),
  answer(confirmTestCardPayment, statusResult),
  answer(authenticateTestPayment, statusResult),
  answer(getPaymentStatus, statusResult),
  answer(stripeWebhook, webhookAnswer),
];
