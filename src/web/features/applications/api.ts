import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { Application, applicationInput, DailyRevenue, RevenueSummary } from '../../../contract/applications';
import { sendJson } from '../../lib/api';

/** What the browser sends: blank optional values left out (spec section 5). */
export type ApplicationPayload = z.input<typeof applicationInput>;

export const APPLICATIONS_KEY = ['/api/applications'];
export const CHART_DAYS = 30;

// Revenue moves with every payment, so these are read again whenever the dashboard is shown
// (staleTime 0) rather than kept for the whole visit like the other reads.
export const useApplications = () => useQuery<Application[]>({ queryKey: APPLICATIONS_KEY, staleTime: 0 });
export const useRevenueSummary = () => useQuery<RevenueSummary>({ queryKey: ['/api/revenue/summary'], staleTime: 0 });
export const useDailyRevenue = (days = CHART_DAYS) => useQuery<DailyRevenue[]>({ queryKey: [`/api/revenue/daily?days=${days}`], staleTime: 0 });

const touched = ['/api/applications', '/api/revenue', '/api/activity'];

// Not awaited: the caller's own onSuccess (a toast, closing a dialog) comes first.
function refresh(client: QueryClient): void {
  void client.invalidateQueries({ predicate: (q) => touched.some((prefix) => String(q.queryKey[0]).startsWith(prefix)) });
}

/** Creates an application, or replaces one when an id is given (the server checks every field). */
export function useSaveApplication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id?: number; payload: ApplicationPayload }) =>
      id === undefined ? sendJson<Application>('POST', '/api/applications', payload) : sendJson<Application>('PUT', `/api/applications/${id}`, payload),
    onSuccess: () => refresh(client),
  });
}

export function useDeleteApplication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => sendJson<undefined>('DELETE', `/api/applications/${id}`),
    onSuccess: () => refresh(client),
  });
}
