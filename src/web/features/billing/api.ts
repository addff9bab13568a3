import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  advanceBillingClock,
  getBillingClock,
  resetBillingClock,
  type BillingClock,
} from '../../../contract/billing/billing';
import { ApiError, apiUrl, callApi } from '../../lib/api';

const CLOCK_KEY = [apiUrl(getBillingClock)];

/** The billing clock, or null when it does not exist (404: the site bills through Stripe). Owners only: others pass `enabled: false`. */
export const useBillingClock = (enabled = true) =>
  useQuery<BillingClock | null>({
    queryKey: CLOCK_KEY,
    queryFn: () =>
      callApi(getBillingClock).catch((error: unknown) =>
        error instanceof ApiError && error.status === 404 ? null : Promise.reject(error),
      ),
    enabled,
  });

/** Whether the billing test clock exists (test mode), once known: settings lists its page only then. */
export function useBillingClockAvailable(enabled: boolean): boolean | undefined {
  const clock = useBillingClock(enabled);
  return clock.data === undefined ? undefined : clock.data !== null;
}

export function useAdvanceClock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (days: number) => callApi(advanceBillingClock, { body: { days } }),
    onSuccess: ({ run: _run, ...clock }) => client.setQueryData(CLOCK_KEY, clock),
  });
}

export function useResetClock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(resetBillingClock),
    onSuccess: (clock) => client.setQueryData(CLOCK_KEY, clock),
  });
}
