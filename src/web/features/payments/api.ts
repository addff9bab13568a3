import { useMutation, useQuery } from '@tanstack/react-query';
import type { CreatePaymentIntentResult, PaymentStatusResult, TestCardPaymentInput } from '../../../contract/payments';
import { getJson, sendJson } from '../../lib/api';

/**
 * Creates the payment once per visit. A query (not an effect) so React's strict-mode double
 * mount and re-renders share one request; the server answers a registration's open payment
 * again besides (its idempotency key is derived from the registration).
 */
export function usePaymentIntent(plan: { id: number; price: string } | undefined, registrationId: string | undefined) {
  return useQuery({
    queryKey: ['payment-intent', plan?.id, registrationId],
    enabled: Boolean(plan),
    gcTime: 0,
    queryFn: () => sendJson<CreatePaymentIntentResult>('POST', '/api/create-payment-intent', { planId: plan!.id, amount: Number(plan!.price), registrationId }),
  });
}

export const usePayWithTestCard = () =>
  useMutation({
    mutationFn: (input: Required<TestCardPaymentInput>) => sendJson<PaymentStatusResult>('POST', '/api/payments/test/confirm', input),
  });

export const paymentStatus = (clientSecret: string, paymentIntent: string | null) => {
  const query = new URLSearchParams({ payment_intent_client_secret: clientSecret, ...(paymentIntent ? { payment_intent: paymentIntent } : {}) });
  return getJson<PaymentStatusResult>(`/api/payments/status?${query.toString()}`);
};

/** Where both payment forms go after the provider said yes (the page asks the server again). */
export function successUrl(paymentIntentId: string, clientSecret: string): string {
  const query = new URLSearchParams({ payment_intent: paymentIntentId, payment_intent_client_secret: clientSecret, redirect_status: 'succeeded' });
  return `/payment-success?${query.toString()}`;
}
