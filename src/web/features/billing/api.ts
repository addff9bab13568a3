import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { advanceBillingClock, getBillingClock, resetBillingClock, type BillingClock } from '../../../contract/billing';
import { ApiError, apiUrl, callApi } from '../../lib/api';

const CLOCK_KEY = [apiUrl(getBillingClock)];

/** The billing clock, or null when it does not exist (404: the site bills through Stripe). */
export const useBillingClock = () =>
  useQuery<BillingClock | null>({
    queryKey: CLOCK_KEY,
    queryFn: () => callApi(getBillingClock).catch((error: unknown) => (error instanceof ApiError && error.status === 404 ? null : Promise.reject(error))),
  });

export function useAdvanceClock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (days: number) => callApi(advanceBillingClock, { body: { days } }),
    onSuccess: ({ run: _run, ...clock }) => client.setQueryData(CLOCK_KEY, clock),
  });
}

export function useResetClock() {
  const client = useQueryClient();
  return useMutation({ mutationFn: () => callApi(resetBillingClock), onSuccess: (clock) => client.setQueryData(CLOCK_KEY, clock) });
}
