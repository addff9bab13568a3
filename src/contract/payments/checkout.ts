import type { Endpoint } from '../lib/endpoint.js';
import type {
  CreatePaymentIntentInput,
  CreatePaymentIntentResult,
  PaymentStatusResult,
  TestCardPaymentInput,
} from './payments.js';

// What the checkout and payment confirmation pages call. Apart from payments.ts, whose schemas
// (zod) only the server needs: these pages load no schema.

export const createPaymentIntent: Endpoint<CreatePaymentIntentResult, CreatePaymentIntentInput> = {
  method: 'POST',
  path: '/api/create-payment-intent',
};
export const confirmTestCardPayment: Endpoint<PaymentStatusResult, TestCardPaymentInput> = {
  method: 'POST',
  path: '/api/payments/test/confirm',
};
/** Test mode: the simulated bank page's answer for a payment that asked for authentication (status 'requires_action'). */
export const authenticateTestPayment: Endpoint<
  PaymentStatusResult,
  { clientSecret: string; outcome: 'complete' | 'fail' }
> = {
  method: 'POST',
  path: '/api/payments/test/authenticate',
};
/** The provider's answer, asked by the server: the page's own address proves nothing. */
export const getPaymentStatus: Endpoint<
  PaymentStatusResult,
  undefined,
  { payment_intent_client_secret: string; payment_intent?: string }
> = {
  method: 'GET',
  path: '/api/payments/status',
};
