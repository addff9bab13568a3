import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cancelAccountSubscription,
  changeAccountPlan,
  finishAccountCardSetup,
  getAccount,
  previewAccountPlanChange,
  redeemBillingLink,
  requestBillingLink,
  resumeAccountSubscription,
  signOutOfAccount,
  startAccountCardSetup,
  updateAccountCard,
  type AccountOverview,
  type CardInput,
} from '../../../contract/billing';
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

/**
 * Spends the e-mailed link once per visit. A query (not an effect), so React's strict-mode
 * double mount shares one request: a second one would find the link used.
 */
export function useRedeemLink(token: string | null) {
  return useQuery({
    queryKey: ['account-link', token],
    enabled: Boolean(token),
    gcTime: Infinity,
    queryFn: () => callApi(redeemBillingLink, { body: { token: token! } }),
  });
}

export const useRequestLink = () => useMutation({ mutationFn: (email: string) => callApi(requestBillingLink, { body: { email } }) });

/** Each action answers the whole account again: the page shows that answer at once. */
function useAccountAction<I>(action: (input: I) => Promise<AccountOverview>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: action, onSuccess: (account) => client.setQueryData(ACCOUNT_KEY, account) });
}

export const useUpdateCard = () => useAccountAction((card: CardInput) => callApi(updateAccountCard, { body: card }));
/** Stripe: one SetupIntent per opened card dialog, never cached or retried behind the client's back. */
export const useCardSetup = () =>
  useQuery({ queryKey: ['account-card-setup'], queryFn: () => callApi(startAccountCardSetup), gcTime: 0, staleTime: Infinity, retry: false });
export const useFinishCardSetup = () => useAccountAction((setupIntentId: string) => callApi(finishAccountCardSetup, { body: { setupIntentId } }));
export const useCancelSubscription = () => useAccountAction((reason: string) => callApi(cancelAccountSubscription, { body: reason.trim() ? { reason } : {} }));
export const useResumeSubscription = () => useAccountAction(() => callApi(resumeAccountSubscription));
export const useChangePlan = () => useAccountAction((planId: number) => callApi(changeAccountPlan, { body: { planId } }));

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
  return useMutation({ mutationFn: () => callApi(signOutOfAccount), onSuccess: () => client.setQueryData(ACCOUNT_KEY, null) });
}
