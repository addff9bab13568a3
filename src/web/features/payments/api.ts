import { useMutation, useQuery } from '@tanstack/react-query';
import {
  authenticateTestPayment,
  confirmTestCardPayment,
  createPaymentIntent,
  getPaymentStatus,
} from '../../../contract/payments/checkout';
import type { TestCardPaymentInput } from '../../../contract/payments/payments';
import { callApi } from '../../lib/api';

/**
 * Creates the payment once per visit. A query (not an effect) so React's strict-mode double
 * mount and re-renders share one request; the server answers a registration's open payment
 * again besides (its idempotency key is derived from the registration).
 */
export function usePaymentIntent(
  plan: { id: number; price: string } | undefined,
  registrationId: string | undefined,
) {
  return useQuery({
    queryKey: ['payment-intent', plan?.id, registrationId],
    enabled: Boolean(plan),
    gcTime: 0,
    queryFn: () =>
      callApi(createPaymentIntent, {
        body: { planId: plan!.id, amount: Number(plan!.price), registrationId },
      }),
  });
}

export const usePayWithTestCard = () =>
  useMutation({
    mutationFn: (input: Required<TestCardPaymentInput>) =>
      callApi(confirmTestCardPayment, { body: input }),
  });

/** Test mode: the simulated bank page's answer for a payment that asked for authentication. */
export const useAuthenticateTestPayment = () =>
  useMutation({
    mutationFn: (input: { clientSecret: string; outcome: 'complete' | 'fail' }) =>
      callApi(authenticateTestPayment, { body: input }),
  });

export const paymentStatus = (clientSecret: string, paymentIntent: string | null) =>
  callApi(getPaymentStatus, {
    query: {
      payment_intent_client_secret: clientSecret,
      payment_intent: paymentIntent || undefined,
    },
  });

/** Where both payment forms go after the provider said yes (the page asks the server again). */
export function successUrl(paymentIntentId: string, clientSecret: string): string {
  const query = new URLSearchParams({
    payment_intent: paymentIntentId,
    payment_intent_client_secret: clientSecret,
    redirect_status: 'succeeded',
  });
  return `/payment-success?${query.toString()}`;
}
