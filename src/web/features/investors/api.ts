import { useInfiniteQuery, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { INVESTOR_BATCH, type DiscoverResult, type Investor, type InvestorImportResult } from '../../../contract/investors';
import { getJson, sendJson, throwIfNotOk } from '../../lib/api';
import type { InvestorPayload } from './form-values';
import { investorsPageUrl, investorsQueryString, type InvestorFilters } from './url-state';

const LIST_KEY = '/api/investors';

/** Spec section 4: the next batch starts after what is loaded; a batch short of 6 is the last. */
export function nextOffset(lastBatch: readonly unknown[], batches: readonly (readonly unknown[])[]): number | undefined {
  return lastBatch.length < INVESTOR_BATCH ? undefined : batches.reduce((sum, batch) => sum + batch.length, 0);
}

/**
 * The directory in batches of 6. Each filter set is its own query, dropped as soon as the list
 * moves on (gcTime 0): a filter change starts again from the first batch (spec section 4), and
 * coming back to earlier filters never shows their old extra pages.
 */
export const useInvestors = (filters: InvestorFilters) =>
  useInfiniteQuery({
    queryKey: [LIST_KEY, investorsQueryString(filters)],
    queryFn: ({ pageParam }) => getJson<Investor[]>(investorsPageUrl(filters, pageParam)),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
    gcTime: 0,
  });

// Not awaited: a caller's own onSuccess (a toast, closing a dialog) runs first. The loaded
// batches are read again in order, so the list keeps its length and place.
function refreshList(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: [LIST_KEY] });
}

export function useDiscoverInvestors() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson<DiscoverResult>('POST', '/api/discover-investors'),
    onSuccess: () => refreshList(client),
  });
}

/** Adds an investor, or changes one when an id is given. */
export function useSaveInvestor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id?: string; payload: InvestorPayload }) =>
      id ? sendJson<Investor>('PUT', `/api/investors/${encodeURIComponent(id)}`, payload) : sendJson<Investor>('POST', '/api/investors', payload),
    onSuccess: () => refreshList(client),
  });
}

export function useDeleteInvestor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => sendJson<undefined>('DELETE', `/api/investors/${encodeURIComponent(id)}`),
    onSuccess: () => refreshList(client),
  });
}

async function postCsv(csv: string, dryRun: boolean): Promise<InvestorImportResult> {
  const response = await fetch(`/api/investors/import${dryRun ? '?dryRun=1' : ''}`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'text/csv' },
    body: csv,
  });
  await throwIfNotOk(response);
  return (await response.json()) as InvestorImportResult;
}

/** The dry run: what the file would add and which lines are wrong; nothing is stored. */
export const usePreviewImport = () => useMutation({ mutationFn: (csv: string) => postCsv(csv, true) });

export function useImportInvestors() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => postCsv(csv, false),
    onSuccess: () => refreshList(client),
  });
}
