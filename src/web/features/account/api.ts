import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cancelAccountSubscription,
  changeAccountPlan,
  finishAccountCardSetup,
  finishAccountPayment,
  getAccount,
  getAccountInvoice,
  needsAuthentication,
  previewAccountPlanChange,
  redeemBillingLink,
  requestBillingLink,
  resumeAccountSubscription,
  signOutOfAccount,
  startAccountCardSetup,
  updateAccountCard,
  type AccountChargeResult,
  type AccountOverview,
  type CardInput,
} from '../../../contract/billing/billing';
import { ApiError, callApi } from '../../lib/api';

const ACCOUNT_KEY = ['account'];

/** The billing page's data; `null` when nobody is signed in (401), so the page shows the link form. */
export function useAccount(enabled: boolean) {
  return useQuery({
    queryKey: ACCOUNT_KEY,
    enabled,
    queryFn: async (): Promise<AccountOverview | null> => {
      try {
        return await callApi(getAccount);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
  });
}

/** One invoice by its number, for its page: never retried when it is not found (404) or not signed in (401). */
export function useAccountInvoice(number: string) {
  return useQuery({
    queryKey: ['account-invoice', number],
    queryFn: () => callApi(getAccountInvoice, { params: { number } }),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

/**
 * Spends the e-mailed link, only when the person clicks 'Open my billing page': opening the link
 * alone signs nobody in (a link someone else sent cannot plant their session in this browser).
 * The account is then read again with the new session.
 */
export function useRedeemLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => callApi(redeemBillingLink, { body: { token } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ACCOUNT_KEY }),
  });
}

export const useRequestLink = () =>
  useMutation({ mutationFn: (email: string) => callApi(requestBillingLink, { body: { email } }) });

/**
 * Each action answers the whole account again: the page shows that answer at once. One that
 * charges the card may answer a payment to authenticate first (3-D Secure): the page is unchanged then.
 */
function useAccountAction<I, R extends AccountChargeResult = AccountOverview>(
  action: (input: I) => Promise<R>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: (answer) => {
      if (!needsAuthentication(answer)) client.setQueryData(ACCOUNT_KEY, answer);
    },
  });
}

/** After the client authenticated a payment (or failed to): the server asks the provider and answers the page, or the decline (402). */
export const useFinishPayment = () =>
  useAccountAction((input: { clientSecret: string; outcome?: 'complete' | 'fail' }) =>
    callApi(finishAccountPayment, { body: input }),
  );

export const useUpdateCard = () =>
  useAccountAction((card: CardInput) => callApi(updateAccountCard, { body: card }));
/** Stripe: one SetupIntent per opened card dialog, never cached or retried behind the client's back. */
export const useCardSetup = () =>
  useQuery({
    queryKey: ['account-card-setup'],
    queryFn: () => callApi(startAccountCardSetup),
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
  });
export const useFinishCardSetup = () =>
  useAccountAction((setupIntentId: string) =>
    callApi(finishAccountCardSetup, { body: { setupIntentId } }),
  );
export const useCancelSubscription = () =>
  useAccountAction((reason: string) =>
    callApi(cancelAccountSubscription, { body: reason.trim() ? { reason } : {} }),
  );
export const useResumeSubscription = () =>
  useAccountAction(() => callApi(resumeAccountSubscription));
export const useChangePlan = () =>
  useAccountAction((planId: number) => callApi(changeAccountPlan, { body: { planId } }));

export function usePlanChangePreview(planId: number | null) {
  return useQuery({
    queryKey: ['account-plan-change', planId],
    enabled: planId !== null,
    gcTime: 0,
    staleTime: 0,
    queryFn: () => callApi(previewAccountPlanChange, { query: { planId: planId! } }),
  });
}

export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(signOutOfAccount),
    onSuccess: () => client.setQueryData(ACCOUNT_KEY, null),
  });
}
