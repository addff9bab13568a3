import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  assignProjectManager,
  getContactRate,
  listNewClients,
  listProjectManagers,
  markClientContacted,
  type ContactMethod,
  type NewClientView,
} from '../../../contract/kickoff/kickoff';
import type { OutputOf } from '../../../contract/lib/endpoint';
import { apiUrl, callApi } from '../../lib/api';

/** How often the list is read again while open: new payments arrive, colleagues mark clients. */
const REFRESH_MS = 60_000;

// The default query function GETs the key as a URL.
export const useNewClients = (view: NewClientView, page: number) =>
  useQuery<OutputOf<typeof listNewClients>>({
    queryKey: [
      apiUrl(listNewClients, {
        query: { view: view === 'waiting' ? undefined : view, page: page > 1 ? page : undefined },
      }),
    ],
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: REFRESH_MS,
  });

export const useProjectManagers = () =>
  useQuery<OutputOf<typeof listProjectManagers>>({
    queryKey: [apiUrl(listProjectManagers)],
    staleTime: 5 * 60_000,
  });

export const useContactRate = () =>
  useQuery<OutputOf<typeof getContactRate>>({ queryKey: [apiUrl(getContactRate)], staleTime: 0 });

/** After a change, every new-clients query (the lists, their counts, the share) is read again. */
function useKickoffChange<V, R>(run: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () =>
      void client.invalidateQueries({
        predicate: (q) => String(q.queryKey[0]).startsWith(listNewClients.path),
      }),
  });
}

export const useAssignProjectManager = () =>
  useKickoffChange(({ id, employeeId }: { id: string; employeeId: string | null }) =>
    callApi(assignProjectManager, { params: { id }, body: { employeeId } }),
  );

export const useMarkContacted = () =>
  useKickoffChange(({ id, method, note }: { id: string; method: ContactMethod; note: string }) =>
    callApi(markClientContacted, { params: { id }, body: { method, note } }),
  );
