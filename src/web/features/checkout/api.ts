import { useMutation, useQuery } from '@tanstack/react-query';
import type { CreatePaymentIntentResult, PaymentStatusResult, TestCardPaymentInput } from '../../../contract/payments';
import { apiRequest, sendJson } from '../../lib/api';

/** One key per plan and registration for this page visit: a retried request gets the same payment back. */
const visitKeys = new Map<string, string>();
function visitKey(scope: string): string {
  let key = visitKeys.get(scope);
  if (!key) {
    key = crypto.randomUUID();
    visitKeys.set(scope, key);
  }
  return key;
}

/**
 * Creates the payment once per visit. A query (not an effect) so React's strict-mode double
 * mount and re-renders share one request; the server is idempotent besides.
 */
export function usePaymentIntent(plan: { id: number; price: string } | undefined, registrationId: string | undefined) {
  return useQuery({
    queryKey: ['payment-intent', plan?.id, registrationId],
    enabled: Boolean(plan),
    gcTime: 0,
    queryFn: async () => {
      const body = { planId: plan!.id, amount: Number(plan!.price), registrationId };
      const response = await apiRequest('POST', '/api/create-payment-intent', body, { 'idempotency-key': visitKey(`${plan!.id}:${registrationId ?? ''}`) });
      return (await response.json()) as CreatePaymentIntentResult;
    },
  });
}

export const usePayWithTestCard = () =>
  useMutation({
    mutationFn: (input: Required<TestCardPaymentInput>) => sendJson<PaymentStatusResult>('POST', '/api/payments/test/confirm', input),
  });

export const paymentStatus = async (clientSecret: string, paymentIntent: string | null) => {
  const query = new URLSearchParams({ payment_intent_client_secret: clientSecret, ...(paymentIntent ? { payment_intent: paymentIntent } : {}) });
  const response = await apiRequest('GET', `/api/payments/status?${query.toString()}`);
  return (await response.json()) as PaymentStatusResult;
};

/** Where both payment forms go after the provider said yes (the page asks the server again). */
export function successUrl(paymentIntentId: string, clientSecret: string): string {
  const query = new URLSearchParams({ payment_intent: paymentIntentId, payment_intent_client_secret: clientSecret, redirect_status: 'succeeded' });
  return `/payment-success?${query.toString()}`;
}
