import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { listActivity } from '../../../contract/activity/activity';
import {
  createApplication,
  deleteApplication,
  listApplications,
  updateApplication,
  type ApplicationPayload,
} from '../../../contract/applications/applications';
import { getRevenueSummary, listDailyRevenue } from '../../../contract/revenue/revenue';
import type { OutputOf } from '../../../contract/lib/endpoint';
import { apiUrl, callApi } from '../../lib/api';

/** What the browser sends: blank optional values left out (docs/product.md §5). */
export type { ApplicationPayload };

export const APPLICATIONS_KEY = [apiUrl(listApplications)];
export const CHART_DAYS = 30;

// Revenue moves with every payment, so these are read again whenever the dashboard is shown
// (staleTime 0) rather than kept for the whole visit like the other reads.
export const useApplications = () =>
  useQuery<OutputOf<typeof listApplications>>({ queryKey: APPLICATIONS_KEY, staleTime: 0 });
export const useRevenueSummary = () =>
  useQuery<OutputOf<typeof getRevenueSummary>>({
    queryKey: [apiUrl(getRevenueSummary)],
    staleTime: 0,
  });
export const useDailyRevenue = (days = CHART_DAYS) =>
  useQuery<OutputOf<typeof listDailyRevenue>>({
    queryKey: [apiUrl(listDailyRevenue, { query: { days } })],
    staleTime: 0,
  });

const touched = [
  listApplications.path,
  getRevenueSummary.path,
  listDailyRevenue.path,
  listActivity.path,
];

// Not awaited: the caller's own onSuccess (a toast, closing a dialog) comes first.
function refresh(client: QueryClient): void {
  void client.invalidateQueries({
    predicate: (q) => touched.some((prefix) => String(q.queryKey[0]).startsWith(prefix)),
  });
}

/** Creates an application, or replaces one when an id is given (the server checks every field). */
export function useSaveApplication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id?: number; payload: ApplicationPayload }) =>
      id === undefined
        ? callApi(createApplication, { body: payload })
        : callApi(updateApplication, { params: { id }, body: payload }),
    onSuccess: () => refresh(client),
  });
}

export function useDeleteApplication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(deleteApplication, { params: { id } }),
    onSuccess: () => refresh(client),
  });
}
